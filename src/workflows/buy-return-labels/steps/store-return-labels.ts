import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { BoughtReturnLabel } from "./buy-return-labels"
import { shippingOf } from "../../../modules/shipping-services"

const SHIPMENTS = "shipping_services_shipment"

export const storeReturnLabelsStepId = "shipping-services-store-return-labels"
/**
 * The labels onto their fulfillments as Medusa stores a provider's result, then leases freed. Compensation restores
 * the data; Medusa cannot remove a fulfillment's labels, so they stay until the next run replaces them alike.
 */
export const storeReturnLabelsStep = createStep(
  storeReturnLabelsStepId,
  async (input: { bought: BoughtReturnLabel[] }, { container }) => {
    const fulfillments = container.resolve(Modules.FULFILLMENT)
    const stored: { id: string; data: Record<string, unknown> | null }[] = []
    for (const b of input.bought) {
      await fulfillments.updateFulfillment(b.fulfillment_id, {
        data: b.data,
        labels: b.labels,
      })
      stored.push({ id: b.fulfillment_id, data: b.previous_data })
    }
    const shipping = shippingOf(container)
    for (const id of input.bought.flatMap((b) => b.shipment_ids))
      await shipping.leases().release(SHIPMENTS, id)
    return new StepResponse(
      input.bought.map((b) => b.fulfillment_id),
      stored
    )
  },
  async (stored, { container }) => {
    if (!stored?.length) return
    const fulfillments = container.resolve(Modules.FULFILLMENT)
    for (const s of stored)
      await fulfillments.updateFulfillment(s.id, { data: s.data })
  }
)
