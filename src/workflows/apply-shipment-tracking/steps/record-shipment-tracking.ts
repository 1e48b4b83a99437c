import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type ShippingServicesModuleService from "../../../modules/shipping-services/service"
import type { ShipmentTrackingFields } from "../../../modules/shipping-services/service"
import { shippingOf } from "../../../modules/shipping-services"

export type Transition = "shipped" | "delivered"

const APPLIED_COLUMN = {
  shipped: "shipped_applied_at",
  delivered: "delivered_applied_at",
} as const satisfies Record<Transition, string>

export type RecordTrackingInput = {
  shipment_id: string
  /** Empty when the summary is unchanged. */
  fields: Partial<ShipmentTrackingFields>
  /** Transitions Medusa is told of in this run (and a return's delivery). */
  applied: Transition[]
  applied_at: Date
}

export type TrackingBefore = {
  shipment_id: string
  fields: Record<string, unknown>
}

type Shipping = Pick<ShippingServicesModuleService, "journal">

// Dates in a workflow's input arrive as strings on the Redis engine.
const DATE_FIELDS = ["tracking_status_at", "last_event_at", "next_poll_at"]
const asDates = (fields: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [
      k,
      v && (DATE_FIELDS.includes(k) || k.endsWith("_applied_at"))
        ? new Date(v as string)
        : v,
    ])
  )

/** The summary and the applied columns in one statement; returns them as they were. */
export async function recordTracking(
  shipping: Shipping,
  input: RecordTrackingInput
): Promise<TrackingBefore | null> {
  const fields = asDates({
    ...input.fields,
    ...Object.fromEntries(
      input.applied.map((t) => [APPLIED_COLUMN[t], input.applied_at])
    ),
  })
  const old = await shipping
    .journal()
    .swapShipmentFields(input.shipment_id, fields)
  return old && { shipment_id: input.shipment_id, fields: old }
}

/** Compensation: the columns as they were (Medusa's transition did not happen after all). */
export async function restoreTracking(
  shipping: Shipping,
  before: TrackingBefore | null | undefined
): Promise<void> {
  if (!before) return
  await shipping
    .journal()
    .swapShipmentFields(before.shipment_id, asDates(before.fields))
}

export const recordShipmentTrackingStepId =
  "shipping-services-record-shipment-tracking"
/** Runs before Medusa's workflows, so the shipment never claims a transition Medusa does not have. */
export const recordShipmentTrackingStep = createStep(
  recordShipmentTrackingStepId,
  async (input: RecordTrackingInput, { container }) => {
    const before = await recordTracking(shippingOf(container), input)
    return new StepResponse(before, before)
  },
  async (before, { container }) => {
    await restoreTracking(shippingOf(container), before)
  }
)
