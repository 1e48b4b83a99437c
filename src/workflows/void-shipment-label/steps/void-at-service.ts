import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { actionErrorOf, ShippingActionError } from "../../../lib/action-error"
import { pluginClient } from "../../../lib/plugin-client"
import { voidAtService } from "../../../lib/shipments/void-at-service"
import { shippingOf } from "../../../modules/shipping-services"

export const voidAtServiceStepId = "shipping-services-void-at-service"
/**
 * Voids an orphaned label at the service (doc 4). No compensation: the service has no way to
 * undo a void (a voided label cannot be made valid again, its postage is refunded), so a later
 * failure cannot take it back; the label would have to be bought anew. That is why this step
 * comes after every check, and recording it (the next step) is all that follows.
 */
export const voidAtServiceStep = createStep(
  voidAtServiceStepId,
  async (input: { shipment_id: string; label: string }, { container }) => {
    const shipping = shippingOf(container)
    const options = shipping.getOptions()
    const [row] = await shipping.listShipments({ id: input.shipment_id })
    if (!row)
      throw new ShippingActionError(
        `Shipment ${input.shipment_id} was not found`,
        404,
        "not_found"
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
      throw actionErrorOf(error, `Label ${input.label} was not voided`)
    }
    if (!outcome.voided)
      throw new ShippingActionError(
        `Label ${input.label} cannot be voided: ${outcome.reason}.`,
        400,
        "not_allowed"
      )
    return new StepResponse(outcome)
  }
)
