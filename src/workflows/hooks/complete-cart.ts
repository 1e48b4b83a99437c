import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import {
  cartForCheckout,
  ourShippingOptions,
  validationContextOf,
} from "./checkout-context"

/** The shopper may have changed address or items since choosing the method, and Medusa does not ask the provider again. */
export async function validateShippingAtCompletion(
  container: MedusaContainer,
  cartId: string
): Promise<void> {
  const cart = await cartForCheckout(container, cartId)
  // Medusa's idempotent retry: nothing to re-check.
  if (!cart || cart.completed_at) return
  const methods = cart.shipping_methods ?? []
  const options = await ourShippingOptions(
    container,
    methods.map((m) => m.shipping_option_id).filter((id): id is string => !!id)
  )
  if (!options.length) return
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  for (const option of options) {
    const method = methods.find((m) => m.shipping_option_id === option.id)
    await fulfillment.validateFulfillmentData(
      option.provider_id,
      option.data ?? {},
      method?.data ?? {},
      validationContextOf(cart, option) as never
    )
  }
}

completeCartWorkflow.hooks.validate(async ({ cart }, { container }) => {
  await validateShippingAtCompletion(container, (cart as { id: string }).id)
})
