import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { RegistrationDeps } from "../../../modules/shipping-services/webhook-registration/records"
import { shippingOf } from "../../../modules/shipping-services"

/** The registration's dependencies from a step's container (the lock is held around the run, not here). */
export function stepDeps(container: MedusaContainer): RegistrationDeps {
  return {
    shipping: shippingOf(container),
    logger: container.resolve(ContainerRegistrationKeys.LOGGER),
  }
}
