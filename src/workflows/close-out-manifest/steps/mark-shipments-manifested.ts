import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { shippingOf } from "../../../modules/shipping-services"

export const markShipmentsManifestedStepId =
  "shipping-services-mark-shipments-manifested"
/**
 * Puts the manifest id on the shipments, first after the service's answer. No compensation, on
 * purpose: the service has manifested these labels (the manifest's creation at the service); taking
 * the id off would offer them to the next close-out, which would manifest them twice.
 */
export const markShipmentsManifestedStep = createStep(
  markShipmentsManifestedStepId,
  async (
    input: { shipment_ids: string[]; manifest_id: string },
    { container }
  ) => {
    const shipping = shippingOf(container)
    await shipping.updateShipments(
      input.shipment_ids.map((id) => ({ id, manifest_id: input.manifest_id }))
    )
    return new StepResponse(undefined)
  }
)
