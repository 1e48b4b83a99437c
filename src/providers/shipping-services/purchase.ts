import { MedusaError } from "@medusajs/framework/utils"
import { randomTransactionId } from "../../shipping-api/client/create-flow"
import { CARRIER_OF_VARIANT, type Carrier } from "../../shipping-api/constants"
import {
  isServiceAway,
  ShippingNotFoundError,
  ShippingOutcomeUnknownError,
} from "../../shipping-api/errors"
import type {
  ShipmentRequest,
  ShipmentResponse,
} from "../../shipping-api/schemas/shipment"
import { crashPoint } from "../../lib/crash-points"
import { errorRecord } from "../../lib/errors"
import { labelPageDocuments } from "../../lib/labels/pages"
import type { ServiceOption } from "../../options"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import type { ShipmentRecord } from "../../modules/shipping-services/models"
import { busy, takeAsItIs } from "./standing-rows"
import { createOptionsOf } from "./mapping/plan"
import type { LabelClient, PurchaseInput } from "./purchase-input"
import { recordFieldsOf } from "./mapping/response"
import { serviceAwayError, toMedusaError } from "./medusa-error"
import { add, METRICS, observe, SPANS, withSpan } from "../../lib/telemetry"

const SHIPMENTS = "shipping_services_shipment"

export type {
  LabelClient,
  ParcelContents,
  PurchaseInput,
} from "./purchase-input"

/**
 * Buys one label, never two (doc 2 rule 4, shared/spec/4), also when processes die:
 * 1. a label already bought for this parcel that no live fulfillment holds is taken over;
 * 2. a row left `pending` by an interrupted attempt is settled first with the retry operation
 *    (its label taken over when the service made it, or marked failed when not);
 * 3. otherwise a `pending` row with a fresh transaction id is committed BEFORE the request, and
 *    every new id the client has to use is stored before it is used.
 * Every row worked on is leased (the module's leases): a row leased by
 * another live process is never touched, and one whose process died is free once its lease ran
 * out.
 */
export async function purchaseLabel(
  shipping: ShippingServicesModuleService,
  client: LabelClient,
  input: PurchaseInput
): Promise<ShipmentRecord> {
  const attributes = {
    "shipping_services.service": input.service.id,
    "shipping_services.variant": input.service.variant,
    "shipping_services.direction": input.isReturn ? "return" : "outbound",
  }
  const started = Date.now()
  const outcome = { value: "failed" }
  // A span per label, the service's calls as its children; the outcome counted by service.
  return withSpan(
    SPANS.labelPurchase,
    {
      ...attributes,
      ...(input.orderId ? { "medusa.order_id": input.orderId } : {}),
      ...(input.fulfillmentId
        ? { "medusa.fulfillment_id": input.fulfillmentId }
        : {}),
      "shipping_services.parcel_index": input.parcel?.index ?? 0,
      "shipping_services.parcel_count": input.parcel?.count ?? 1,
    },
    async (span) => {
      try {
        const row = await purchaseOnce(shipping, client, input, outcome)
        span.setAttribute("shipping_services.shipment_id", row.id)
        return row
      } catch (error) {
        if (
          error instanceof MedusaError &&
          (error.type as string) === MedusaError.Types.CONFLICT
        )
          outcome.value = "busy"
        throw error
      } finally {
        span.setAttribute("shipping_services.outcome", outcome.value)
        add(METRICS.labelPurchases, 1, {
          ...attributes,
          "shipping_services.outcome": outcome.value,
        })
        observe(METRICS.labelPurchaseDuration, Date.now() - started, {
          ...attributes,
          "shipping_services.outcome": outcome.value,
        })
      }
    }
  )
}

async function purchaseOnce(
  shipping: ShippingServicesModuleService,
  client: LabelClient,
  input: PurchaseInput,
  outcome: { value: string }
): Promise<ShipmentRecord> {
  // While the service is not answering no create leaves (nor a settle's retry operation): the
  // order waits for it. Free while it answers (no read: see ServiceAvailability).
  const outage = await shipping.availability().outage()
  if (outage) {
    outcome.value = "service_away"
    throw serviceAwayError(outage)
  }
  const leases = shipping.leases()
  // No row for this parcel yet (the usual case): the pending row is inserted by the same
  // statement that looked, and the label is bought at once.
  const transactionId = randomTransactionId()
  const first = await shipping
    .journal()
    .insertShipmentUnlessRequested(
      input.requestKey,
      pendingRow(input, transactionId, leases)
    )
  if (first.inserted)
    return buy(shipping, client, input, outcome, first.inserted)
  const previous = first.previous
  // A bought label first: settling a pending row could only find another one.
  const ordered = [
    ...previous.filter((r) => r.status === "created"),
    ...previous.filter((r) => r.status === "pending"),
  ]
  for (const seen of ordered) {
    if (!(await input.reusable(seen))) continue
    const row = await takeAsItIs(shipping, seen)
    if (row === "gone") continue
    if (row === "busy") throw busy(seen)
    const settled =
      row.status === "pending"
        ? await settleInterrupted(shipping, client, row, input.service)
        : row
    if (settled.status !== "created") {
      await leases.release(SHIPMENTS, row.id)
      continue
    }
    const adopted = await adopt(shipping, settled, input)
    // Ours until Medusa has stored the label on the fulfillment (see Leases.letExpire).
    leases.letExpire(SHIPMENTS, row.id)
    outcome.value = "taken_over"
    return adopted
  }
  const row = pendingRow(input, randomTransactionId(), leases)
  return buy(
    shipping,
    client,
    input,
    outcome,
    await shipping.journal().insertShipment(row)
  )
}

/**
 * A new `pending` row of the label journal, leased to this process, committed BEFORE the request
 * with the transaction id the request will carry.
 */
function pendingRow(
  input: PurchaseInput,
  transactionId: string,
  leases: ReturnType<ShippingServicesModuleService["leases"]>
): Record<string, unknown> {
  return {
    transaction_id: transactionId,
    transaction_ids: { ids: [transactionId] },
    request_key: input.requestKey,
    fulfillment_id: input.fulfillmentId ?? null,
    order_id: input.orderId ?? null,
    is_return: input.isReturn,
    option_id: input.service.id,
    variant: input.service.variant,
    carrier: CARRIER_OF_VARIANT[input.service.variant],
    service_id: input.service.serviceId,
    ...(input.rateChoice ? { rate_choice: input.rateChoice } : {}),
    parcel_type: input.service.parcelType,
    add_to_manifest: input.service.addToManifest,
    parcel_index: input.parcel?.index ?? 0,
    parcel_count: input.parcel?.count ?? 1,
    parcel:
      (input.parcel?.contents as unknown as Record<string, unknown>) ?? null,
    status: "pending",
    // What the label declares to customs, for the commercial invoice printed with it.
    customs: customsOf(input.built.request),
    ...leases.fields(),
  }
}

/** Buys the label of `row`, a pending row just inserted by this process with its transaction id. */
async function buy(
  shipping: ShippingServicesModuleService,
  client: LabelClient,
  input: PurchaseInput,
  outcome: { value: string },
  row: ShipmentRecord
): Promise<ShipmentRecord> {
  const leases = shipping.leases()
  const transactionId = row.transaction_id
  leases.track(SHIPMENTS, row.id)
  let ids = [transactionId]
  const remember = async (id: string) => {
    ids = [...ids, id]
    await shipping.updateShipments({
      id: row.id,
      transaction_id: id,
      transaction_ids: { ids },
    })
  }
  crashPoint("before-post")
  let result: Awaited<ReturnType<LabelClient["createShipment"]>>
  try {
    result = await client.createShipment(input.built.request, {
      transactionId,
      onNewTransactionId: remember,
      ...createOptionsOf(input.built, input.service),
    })
  } catch (error) {
    await noteIfAway(shipping, error)
    // Outcome unknown: stays pending, so a repeat (or the recovery job) asks the retry operation.
    const unknownOutcome = error instanceof ShippingOutcomeUnknownError
    outcome.value = unknownOutcome ? "unknown" : "failed"
    await shipping.updateShipments({
      id: row.id,
      status: unknownOutcome ? "pending" : "failed",
      error: errorRecord(error),
    })
    await leases.release(SHIPMENTS, row.id)
    throw toMedusaError(error)
  }
  crashPoint("after-answer")
  try {
    const done = await complete(
      shipping,
      row,
      result.shipment,
      input.service,
      client.sandboxNow?.()
    )
    leases.letExpire(SHIPMENTS, row.id)
    outcome.value = result.recovered ? "bought_recovered" : "bought"
    return done
  } catch (error) {
    // The service made the label; only storing it failed (the database went away under it). The
    // row must stay pending, never "failed": the retry operation (the next attempt, or the
    // recovery once the lease ran out) takes this label instead of buying a second one.
    outcome.value = "unknown"
    await shipping
      .updateShipments({ id: row.id, error: errorRecord(error) })
      .catch(() => undefined)
    await leases.release(SHIPMENTS, row.id).catch(() => undefined)
    throw toMedusaError(error)
  }
}

/**
 * Settles in flight in this process, by journal row. A lease's owner is the process, so two
 * paths of one process can hold the same `pending` row at once (the recovery job, and a purchase
 * of the same parcel that found the row): the second waits for the first's settle and gets its
 * row, instead of asking the service again and storing the label's pages a second time. Other
 * processes are kept out by the lease; a settle that finished leaves the row `created` or
 * `failed`, which no lease on `pending` takes again.
 */
const settling = new Map<string, Promise<ShipmentRecord>>()

/**
 * A `pending` row whose purchase was interrupted (its process stopped, or the service did not
 * answer), settled with the retry operation (doc 2 rule 4; shared/spec/4): `created` with the
 * label when the service made it, `failed` when it did not. The caller holds the row's lease.
 * Throws, leaving the row pending, when the service cannot tell now.
 */
export function settleInterrupted(
  shipping: ShippingServicesModuleService,
  client: LabelClient,
  row: ShipmentRecord,
  service: ServiceOption
): Promise<ShipmentRecord> {
  const inFlight = settling.get(row.id)
  if (inFlight) return inFlight
  const settle = settleOnce(shipping, client, row, service).finally(() =>
    settling.delete(row.id)
  )
  settling.set(row.id, settle)
  return settle
}

async function settleOnce(
  shipping: ShippingServicesModuleService,
  client: LabelClient,
  row: ShipmentRecord,
  service: ServiceOption
): Promise<ShipmentRecord> {
  let found: ShipmentResponse | undefined
  try {
    found = await client.findShipment(
      row.transaction_id,
      row.carrier as Carrier
    )
  } catch (error) {
    if (!(error instanceof ShippingNotFoundError)) {
      await noteIfAway(shipping, error)
      await shipping.updateShipments({ id: row.id, error: errorRecord(error) })
      throw toMedusaError(error)
    }
  }
  if (found)
    return complete(shipping, row, found, service, client.sandboxNow?.())
  return shipping.updateShipments({
    id: row.id,
    status: "failed",
    error: {
      message:
        "The purchase was interrupted before the service made the label (the retry operation found none)",
      code: "interrupted",
      transaction_id: row.transaction_id,
    },
  })
}

/**
 * A call the service did not answer opens the shop's outage (every process then stops sending
 * creates, and the probe job watches for its return). Never fails the purchase's own error path.
 */
export async function noteIfAway(
  shipping: Pick<ShippingServicesModuleService, "availability">,
  error: unknown
): Promise<void> {
  if (!isServiceAway(error)) return
  await shipping
    .availability()
    .open(error instanceof Error ? error.message : String(error))
    .catch(() => undefined)
}

/** A row of an earlier attempt now belongs to this fulfillment. */
async function adopt(
  shipping: ShippingServicesModuleService,
  row: ShipmentRecord,
  input: PurchaseInput
): Promise<ShipmentRecord> {
  if (row.fulfillment_id === (input.fulfillmentId ?? null) && !row.orphaned_at)
    return row
  return shipping.updateShipments({
    id: row.id,
    fulfillment_id: input.fulfillmentId ?? null,
    orphaned_at: null,
  })
}

/** The answer of the service onto the row, and the label's pages into the plugin's documents, at once. */
async function complete(
  shipping: ShippingServicesModuleService,
  row: ShipmentRecord,
  response: ShipmentResponse,
  service: ServiceOption,
  sandboxNow: Date | undefined
): Promise<ShipmentRecord> {
  const fields = recordFieldsOf(response, service)
  const format = fields.label?.label_format ?? null
  const pages = fields.label?.pages ?? []
  const updated = await shipping
    .journal()
    .storeDocuments(
      labelPageDocuments(row.id, row.reprint_count ?? 0, format, pages),
      {
        id: row.id,
        status: "created",
        shipment_id: fields.shipment_id,
        tracking_number: fields.tracking_number,
        charges: fields.charges,
        delivery_commitment: fields.delivery_commitment,
        label_type: fields.label?.label_type ?? null,
        label_format: format,
        label_size: fields.label?.label_size ?? null,
        label_content_type: fields.label?.label_content_type ?? null,
        label_source_url: fields.label?.source_url ?? null,
        // The clock its events will be dated on, when the sandbox made it.
        sandbox_clock_at: sandboxNow ?? null,
        error: null,
      }
    )
  return updated as ShipmentRecord
}

/** The request's customs and its two addresses, as sent; null for a request without customs. */
export function customsOf(
  request: ShipmentRequest
): Record<string, unknown> | null {
  if (!request.customs) return null
  return {
    customs: request.customs,
    fromAddress: request.fromAddress,
    toAddress: request.toAddress,
  }
}
