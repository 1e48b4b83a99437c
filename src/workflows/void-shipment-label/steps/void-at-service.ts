import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { serviceErrorOf } from "../../../lib/action-error"
import { pluginClient } from "../../../lib/plugin-client"
import { voidAtService } from "../../../lib/shipments/void-at-service"
import { shippingOf } from "../../../modules/shipping-services"

export const voidAtServiceStepId = "shipping-services-void-at-service"
/** Voids an orphaned label at the service (doc 4); no compensation, a void cannot be undone, so it comes after every check. */
export const voidAtServiceStep = createStep(
  voidAtServiceStepId,
  async (input: { shipment_id: string; label: string }, { container }) => {
    const shipping = shippingOf(container)
    const options = shipping.getOptions()
    const [row] = await shipping.listShipments({ id: input.shipment_id })
    if (!row)
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Shipment ${input.shipment_id} was not found`
      )
    let outcome
    try {
      outcome = await voidAtService(
        pluginClient(
          options,
          container.resolve(ContainerRegistrationKeys.LOGGER)
        ),
        row,
        { carrierAccountId: options.shipper.carrierAccountId }
      )
    } catch (error) {
      throw serviceErrorOf(error, `Label ${input.label} was not voided`)
    }
    if (!outcome.voided)
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Label ${input.label} cannot be voided: ${outcome.reason}.`
      )
    return new StepResponse(outcome)
  }
)
