import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import {
  cartForCheckout,
  ourShippingOptions,
  validationContextOf,
} from "./checkout-context"

/**
 * Checkout's dry run again at cart completion, before the payment is authorized (Medusa's
 * `completeCartWorkflow` validate hook): the shopper may have changed the address or the items
 * after choosing the shipping method, and Medusa does not ask the provider again. The provider's
 * own validateFulfillmentData runs, with the cart as it is now: one place decides.
 */
export async function validateShippingAtCompletion(
  container: MedusaContainer,
  cartId: string
): Promise<void> {
  const cart = await cartForCheckout(container, cartId)
  // A completed cart is being completed again (Medusa's idempotent retry): nothing to re-check.
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
