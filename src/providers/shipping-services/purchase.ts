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
 * Buys one label, never two, even when processes die: take over a bought label no live fulfillment holds; settle
 * an interrupted `pending` row with the retry operation; else commit a `pending` row with a fresh transaction id
 * BEFORE the request. Every row is leased; expired leases free a dead process's rows.
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
  // A span per label, service calls as children; outcome counted by service.
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
  // During an outage nothing leaves; the order waits. Free while the service answers.
  const outage = await shipping.availability().outage()
  if (outage) {
    outcome.value = "service_away"
    throw serviceAwayError(outage)
  }
  const leases = shipping.leases()
  // Usual case: the pending row is inserted by the statement that looked, and bought at once.
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
    // Ours until Medusa has stored the label on the fulfillment.
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

/** Committed BEFORE the request, leased to this process, with the request's transaction id. */
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
    // For the commercial invoice printed with the label.
    customs: customsOf(input.built.request),
    ...leases.fields(),
  }
}

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
    // Outcome unknown: stays pending, so a repeat or recovery asks the retry operation.
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
    // The label exists; only storing it failed. Never "failed": a retry takes this label instead of buying a second.
    outcome.value = "unknown"
    await shipping
      .updateShipments({ id: row.id, error: errorRecord(error) })
      .catch(() => undefined)
    await leases.release(SHIPMENTS, row.id).catch(() => undefined)
    throw toMedusaError(error)
  }
}

/**
 * In-process settles by row: two paths of one process may hold the same lease, so the second waits for the
 * first's result instead of asking the service and storing the pages again.
 */
const settling = new Map<string, Promise<ShipmentRecord>>()

/** `created` with the label when the service made it, `failed` when not; throws (still pending) when it cannot tell. */
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

/** Opens the shop's outage on an unanswered call; never fails the purchase's own error path. */
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

/** The answer onto the row and the pages into documents, at once. */
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
        sandbox_clock_at: sandboxNow ?? null,
        error: null,
      }
    )
  return updated as ShipmentRecord
}

/** As sent; null without customs. */
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
