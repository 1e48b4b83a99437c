import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { shippingOf } from "../../../modules/shipping-services"

export const markShipmentsManifestedStepId =
  "shipping-services-mark-shipments-manifested"
/** No compensation on purpose: removing the id would let the next close-out manifest these labels twice. */
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
