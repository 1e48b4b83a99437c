import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type ShippingServicesModuleService from "../../../modules/shipping-services/service"
import { shippingOf } from "../../../modules/shipping-services"

export type Transition = "shipped" | "delivered"

const COLUMN = {
  shipped: "shipped_applied_at",
  delivered: "delivered_applied_at",
} as const satisfies Record<Transition, string>

type Shipping = Pick<ShippingServicesModuleService, "journal">

export type AppliedBefore = {
  shipment_id: string
  column: (typeof COLUMN)[Transition]
  value: Date | null
}

/** Writes when a transition was applied to Medusa; returns what the column held before. */
export async function recordTransitionApplied(
  shipping: Shipping,
  input: { shipment_id: string; transition: Transition; applied_at: Date }
): Promise<AppliedBefore | null> {
  const column = COLUMN[input.transition]
  const old = await shipping.journal().swapShipmentFields(input.shipment_id, {
    // A Date in the workflow's input arrives as a string on the Redis engine.
    [column]: new Date(input.applied_at),
  })
  if (!old) return null
  return {
    shipment_id: input.shipment_id,
    column,
    value: (old[column] as Date | null) ?? null,
  }
}

/** Compensation: the column as it was (Medusa's transition did not happen after all). */
export async function restoreTransitionApplied(
  shipping: Shipping,
  before: AppliedBefore | null | undefined
): Promise<void> {
  if (!before) return
  await shipping.journal().swapShipmentFields(before.shipment_id, {
    [before.column]: before.value,
  })
}

export const recordTransitionAppliedStepId =
  "shipping-services-record-transition-applied"
/**
 * Records on the shipment that Medusa's fulfillment was marked shipped or delivered. It runs
 * before Medusa's workflow in the same workflow, so a failure there gives the column back and
 * the shipment never claims a transition Medusa does not have.
 */
export const recordTransitionAppliedStep = createStep(
  recordTransitionAppliedStepId,
  async (
    input: { shipment_id: string; transition: Transition; applied_at: Date },
    { container }
  ) => {
    const shipping = shippingOf(container)
    const before = await recordTransitionApplied(shipping, input)
    return new StepResponse(before, before)
  },
  async (before, { container }) => {
    await restoreTransitionApplied(shippingOf(container), before)
  }
)
