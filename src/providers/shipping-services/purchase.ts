import { MedusaError } from "@medusajs/framework/utils"
import { randomTransactionId } from "../../shipping-api/client/create-flow"
import { CARRIER_OF_VARIANT, type Carrier } from "../../shipping-api/constants"
import { ShippingApiError, ShippingOutcomeUnknownError, ShippingValidationError } from "../../shipping-api/errors"
import type { ShipmentRequest, ShipmentResponse } from "../../shipping-api/schemas/shipment"
import type { ServiceOption } from "../../options"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import type { ShipmentRecord } from "../../modules/shipping-services/models"
import type { BuiltShipment } from "./mapping/build-shipment"
import { recordFieldsOf } from "./mapping/response"

/** The two client operations a purchase needs (ShippingClient has them; tests fake them). */
export type LabelClient = {
  createShipment(
    request: ShipmentRequest,
    options: {
      transactionId: string
      onNewTransactionId: (transactionId: string) => Promise<void>
      includeDeliveryCommitment?: boolean
      apac?: boolean
    }
  ): Promise<{ shipment: ShipmentResponse; transactionId: string; recovered: boolean }>
  /** The shipment created with this transaction id, or undefined (the retry operation's 404). */
  findShipment(originalTransactionId: string, carrier: Carrier): Promise<ShipmentResponse | undefined>
}

export type PurchaseInput = {
  /** Identifies the parcel across repeated calls: the order, direction and shipped lines. */
  requestKey: string
  /**
   * Whether an earlier row with the same key may stand for this call: true when its fulfillment
   * is this one, or no longer exists (Medusa deletes the fulfillment when a provider throws, so a
   * repeat comes with a new fulfillment id). False when it belongs to another live fulfillment,
   * e.g. a second parcel of the same lines.
   */
  reusable: (row: ShipmentRecord) => Promise<boolean>
  fulfillmentId?: string | null
  orderId?: string | null
  service: ServiceOption
  built: BuiltShipment
  isReturn: boolean
}

type ShipmentRow = ShipmentRecord

/**
 * Buys one label, never two (doc 2 rule 4, shared/spec/4):
 * 1. a label already bought for this request key is returned as it is;
 * 2. a row left `pending` by an interrupted attempt is settled first with the retry operation;
 * 3. otherwise a `pending` row with a fresh transaction id is committed BEFORE the request,
 *    and every new id the client has to use is stored before it is used.
 */
export async function purchaseLabel(
  journal: ShippingServicesModuleService,
  client: LabelClient,
  input: PurchaseInput
): Promise<ShipmentRow> {
  const carrier = CARRIER_OF_VARIANT[input.service.variant]
  const previous = await journal.listShipments(
    { request_key: input.requestKey, status: ["created", "pending"] },
    { order: { created_at: "DESC" } }
  )
  const candidates: ShipmentRecord[] = []
  for (const row of previous) {
    if (await input.reusable(row)) candidates.push(row)
  }
  const done = candidates.find((s) => s.status === "created")
  if (done) return adopt(journal, done, input)

  const interrupted = candidates.find((s) => s.status === "pending")
  if (interrupted) {
    const found = await client.findShipment(interrupted.transaction_id, carrier)
    if (found) return complete(journal, await adopt(journal, interrupted, input), found, input.service)
  }

  const transactionId = randomTransactionId()
  const row =
    (interrupted && (await adopt(journal, interrupted, input))) ??
    (await journal.createShipments({
      transaction_id: transactionId,
      transaction_ids: { ids: [transactionId] },
      request_key: input.requestKey,
      fulfillment_id: input.fulfillmentId ?? null,
      order_id: input.orderId ?? null,
      is_return: input.isReturn,
      option_id: input.service.id,
      variant: input.service.variant,
      carrier,
      service_id: input.service.serviceId,
      parcel_type: input.service.parcelType,
      add_to_manifest: input.service.addToManifest,
      status: "pending",
    }))
  let ids = [...(((row.transaction_ids as { ids?: string[] } | null)?.ids) ?? [row.transaction_id])]
  const remember = async (id: string) => {
    ids = [...ids, id]
    await journal.updateShipments({ id: row.id, transaction_id: id, transaction_ids: { ids } })
  }
  if (interrupted) {
    // The interrupted attempt's label was not created (retry said 404): a new id, stored first.
    await remember(transactionId)
  }

  try {
    const result = await client.createShipment(input.built.request, {
      transactionId,
      onNewTransactionId: remember,
      includeDeliveryCommitment: input.built.includeDeliveryCommitment,
      apac: input.service.apac,
    })
    return complete(journal, row, result.shipment, input.service)
  } catch (error) {
    const unknownOutcome = error instanceof ShippingOutcomeUnknownError
    await journal.updateShipments({
      id: row.id,
      // Outcome unknown: stays pending, so a repeat (or the sweeper) asks the retry operation.
      status: unknownOutcome ? "pending" : "failed",
      error: errorRecord(error),
    })
    throw toMedusaError(error)
  }
}

/** A row of an earlier attempt now belongs to this fulfillment. */
async function adopt(journal: ShippingServicesModuleService, row: ShipmentRecord, input: PurchaseInput) {
  if (row.fulfillment_id === (input.fulfillmentId ?? null)) return row
  return journal.updateShipments({ id: row.id, fulfillment_id: input.fulfillmentId ?? null })
}

async function complete(journal: ShippingServicesModuleService, row: ShipmentRow, response: ShipmentResponse, service: ServiceOption) {
  const fields = recordFieldsOf(response, service)
  return journal.updateShipments({
    id: row.id,
    status: "created",
    shipment_id: fields.shipment_id,
    tracking_number: fields.tracking_number,
    charges: fields.charges,
    delivery_commitment: fields.delivery_commitment,
    label_type: fields.label?.label_type ?? null,
    label_format: fields.label?.label_format ?? null,
    label_size: fields.label?.label_size ?? null,
    label_content_type: fields.label?.label_content_type ?? null,
    label_pending: fields.label?.pages.length ? { pages: fields.label.pages } : null,
    label_source_url: fields.label?.source_url ?? null,
    error: null,
  })
}

export function errorRecord(error: unknown): Record<string, unknown> {
  if (error instanceof ShippingValidationError) {
    return { message: error.message, status: 0, codes: error.codes, violations: error.violations }
  }
  if (error instanceof ShippingApiError) {
    return { message: error.message, status: error.status, codes: error.codes, messages: error.messages, transaction_id: error.transactionId ?? null }
  }
  return { message: messageOf(error) }
}

/** Workflow runs throw Errors, MedusaErrors, or plain `{ message }` objects (serialized errors). */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message
  if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") {
    return (error as { message: string }).message
  }
  return String(error)
}

/** The service's refusal in words Medusa shows the admin (400), anything else as unexpected. */
export function toMedusaError(error: unknown): Error {
  if (error instanceof MedusaError) return error
  if (error instanceof ShippingValidationError) {
    return new MedusaError(MedusaError.Types.INVALID_DATA, `The shipment breaks the service's rules:\n${error.messages.join("\n")}`)
  }
  if (error instanceof ShippingApiError) {
    const type = error.status >= 400 && error.status < 500 ? MedusaError.Types.INVALID_DATA : MedusaError.Types.UNEXPECTED_STATE
    return new MedusaError(type, `Shipping service: ${error.message}`)
  }
  return error instanceof Error ? error : new Error(messageOf(error))
}
