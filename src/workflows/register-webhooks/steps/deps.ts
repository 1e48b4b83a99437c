import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { SHIPPING_SERVICES_MODULE } from "../../../options/resolve"
import type { RegistrationDeps } from "../../../modules/shipping-services/webhook-registration/records"

/** The registration's dependencies from a step's container (the lock is held around the run, not here). */
export function stepDeps(container: MedusaContainer): RegistrationDeps {
  return {
    shipping: container.resolve(SHIPPING_SERVICES_MODULE),
    logger: container.resolve(ContainerRegistrationKeys.LOGGER),
  }
}
