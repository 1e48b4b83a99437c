import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type ShippingServicesModuleService from "../../../modules/shipping-services/service"
import { shippingOf } from "../../../modules/shipping-services"

/** What a batch item's order came to: its labels (done) or why not (failed). */
export type BatchItemOutcome = {
  id: string
  status: "done" | "failed"
  attempts: number
  error?: Record<string, unknown> | null
  fulfillment_ids?: { ids: string[] } | null
  shipment_ids?: { ids: string[] } | null
}

const FIELDS = [
  "status",
  "attempts",
  "error",
  "fulfillment_ids",
  "shipment_ids",
] as const

type Shipping = Pick<ShippingServicesModuleService, "batches">

/** Returns the changed fields as they were. */
export async function recordBatchItem(
  shipping: Shipping,
  outcome: BatchItemOutcome
): Promise<Record<string, unknown> | null> {
  const { id, ...fields } = outcome
  const old = await shipping.batches().setItem(id, fields)
  if (!old) return null
  const before: Record<string, unknown> = { id }
  for (const field of FIELDS)
    if (field in outcome) before[field] = old[field] ?? null
  return before
}

export const recordBatchItemStepId = "shipping-services-record-batch-item"
/** Compensation puts the item's fields back. */
export const recordBatchItemStep = createStep(
  recordBatchItemStepId,
  async (outcome: BatchItemOutcome, { container }) => {
    const shipping = shippingOf(container)
    const before = await recordBatchItem(shipping, outcome)
    return new StepResponse(outcome.status, before)
  },
  async (before, { container }) => {
    if (!before) return
    const shipping = shippingOf(container)
    await shipping.updateBatchItems(before as never)
  }
)
