import { transactionIdUniqueRule } from "../../../../src/shipping-api/rules/service-state"
import { checkShipment, checkTransactionId, stateError } from "../contract"
import { responseDocuments } from "../documents"
import { apiError, violationsError } from "../http/errors"
import { parseJson } from "../http/io"
import type { Handler } from "../http/router"
import { buildShipment } from "../shipment-builder"
import { isScenario, SCENARIO_NAMES } from "../tracking/scenarios"

/**
 * Doc 2: POST /v1/shipments (and {apac_url}/v1/shipments). Every violation found by
 * src/shipping-api is answered at once. A transaction id that already made a label is refused
 * (transactionIdUniqueRule) and makes no second label; ids of refused requests stay free.
 * From the duplicate check to storing the shipment nothing awaits, so two concurrent creates
 * with one id cannot both pass.
 */
export const createShipment: Handler = ({
  world,
  account,
  query,
  body,
  header,
  apac,
}) => {
  const transactionId = header("x-vendor-transactionid")
  const scenario = header("x-sandbox-scenario") ?? world.scenario.default
  if (!isScenario(scenario)) {
    throw apiError(
      400,
      "SANDBOX_UNKNOWN_SCENARIO",
      `X-Sandbox-Scenario must be one of ${SCENARIO_NAMES.join(", ")}`,
      ["X-Sandbox-Scenario"]
    )
  }
  const checked = checkShipment(
    parseJson(body),
    query,
    apac,
    account.carrierCodes
  )
  const violations = [
    ...checkTransactionId(transactionId),
    ...(checked.ok ? [] : checked.violations),
  ]
  if (violations.length || !checked.ok) throw violationsError(violations)

  const duplicate = transactionIdUniqueRule.refusal({
    transactionId: transactionId!,
    alreadyUsed: !!world.store.shipmentByTransaction(
      account.apiKey,
      transactionId!
    ),
  })
  if (duplicate) {
    world.stats.duplicatesRefused++
    throw stateError(duplicate, ["X-Vendor-TransactionId"])
  }

  const shipment = buildShipment(world, {
    account,
    transactionId: transactionId!,
    request: checked.request,
    variant: checked.variant,
    includeDeliveryCommitment:
      query.get("includeDeliveryCommitment") === "true",
    scenario,
  })
  // Render before storing: a document that cannot be drawn must not leave a label behind.
  const documents = responseDocuments(world, shipment, 0)
  world.store.addShipment(shipment)
  world.stats.labelsCreated++
  world.scheduler.schedule(shipment)
  // The Manifest event is due now: emit it before answering, so it precedes anything a test does next.
  world.scheduler.run()
  world.saver.touch()
  return { status: 201, body: { ...shipment.response, documents } }
}
