import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { listShippingOptionsForCartWorkflow } from "@medusajs/medusa/core-flows"
import { pluginClient } from "../../lib/plugin-client"
import {
  combinedPromise,
  deliveryPromiseOf,
  type DeliveryPromise,
} from "../../lib/quotes/delivery-promise"
import { checkCart } from "../../providers/shipping-services/checkout"
import { findService } from "../../providers/shipping-services/fulfillment-options"
import { registryPorts } from "../../providers/shipping-services/ports"
import {
  quoteParcel,
  type PricingDeps,
} from "../../providers/shipping-services/pricing"
import { processQuotes } from "../../providers/shipping-services/quotes"
import {
  cartForCheckout,
  optionLocationOf,
  ourShippingOptions,
  type OurShippingOption,
} from "../../workflows/hooks/checkout-context"
import { isOurProvider } from "../../options/resolve"
import { providerOptions } from "./checkout-check"

export type DeliveryPromiseView = {
  shipping_option_id: string
  name: string
  /** Null where the service gives no commitment. */
  estimated_delivery: DeliveryPromise | null
}

/**
 * Arrival day per option, from the delivery commitment that comes with the cached rates call, so one checkout asks
 * once. Never guessed: nothing for an unshippable cart, during an outage, or without a commitment.
 */
export async function deliveryPromisesOfCart(
  container: MedusaContainer,
  cartId: string
): Promise<DeliveryPromiseView[]> {
  const cart = await cartForCheckout(container, cartId)
  if (!cart)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Cart with id: ${cartId} was not found`
    )
  const { result: offered } = await listShippingOptionsForCartWorkflow(
    container
  ).run({ input: { cart_id: cartId, is_return: false } })
  const ids = (offered as { id: string; provider_id?: string | null }[])
    .filter((o) => isOurProvider(o.provider_id))
    .map((o) => o.id)
  const options = await ourShippingOptions(container, ids)
  const names = new Map(
    (offered as { id: string; name?: string }[]).map((o) => [o.id, o.name])
  )
  return Promise.all(
    options.map(async (option) => ({
      shipping_option_id: option.id,
      name: names.get(option.id) ?? option.id,
      estimated_delivery: await promiseOf(container, cart, option).catch(
        () => null
      ),
    }))
  )
}

async function promiseOf(
  container: MedusaContainer,
  cart: NonNullable<Awaited<ReturnType<typeof cartForCheckout>>>,
  option: OurShippingOption
): Promise<DeliveryPromise | null> {
  const options = providerOptions(container, option.provider_id)
  const service = findService(options, option.data ?? undefined)
  if (!service) return null
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const client = () => pluginClient(options, logger)
  const check = await checkCart(
    { options, ports: registryPorts, client },
    service,
    cart,
    optionLocationOf(option)
  )
  if (check.problems.length || !check.parcels?.length) return null
  const shipments = registryPorts.shipments()
  if (await shipments.availability().outage()) return null
  const deps: PricingDeps = {
    client,
    shipments: () => shipments,
    quotes: processQuotes,
    policy: {
      ttlMs: options.quotes.ttlSeconds * 1000,
      keepMs: options.quotes.keepHours * 60 * 60_000,
    },
  }
  const currency = (cart as { currency_code?: string | null }).currency_code
  const quotes = await Promise.all(
    check.parcels.map((p) => quoteParcel(deps, service, p, currency))
  )
  return combinedPromise(
    quotes.map((q) => deliveryPromiseOf(q.commitment, new Date(q.quoted_at)))
  )
}
