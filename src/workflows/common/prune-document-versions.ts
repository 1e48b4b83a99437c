import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type ShippingServicesModuleService from "../../../modules/shipping-services/service"
import { SHIPPING_SERVICES_MODULE } from "../../../options/resolve"

/**
 * The new label replaces the old one behind the same route: the older versions' pages go (hard
 * delete, labels carry addresses), last, once nothing after it can fail. No compensation.
 */
export const pruneLabelVersionsStep = createStep(
  "shipping-services-prune-label-versions",
  async (
    input: { shipment_id: string; version: number; stored: boolean },
    { container }
  ) => {
    if (input.stored) {
      const shipping: ShippingServicesModuleService = container.resolve(
        SHIPPING_SERVICES_MODULE
      )
      await shipping.pruneDocuments("label", input.shipment_id, input.version)
    }
    return new StepResponse(undefined)
  }
)
