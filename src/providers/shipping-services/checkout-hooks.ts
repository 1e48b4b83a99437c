import type {
  CalculatedShippingOptionPrice,
  Logger,
} from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { PluginOptions, ServiceOption } from "../../options"
import type { ShippingClient } from "../../shipping-api/client"
import {
  CHECKOUT_REFUSED_CODE,
  checkCart,
  logMerchantProblems,
  type CartForCheckout,
  type CheckoutCheck,
} from "./checkout"
import { checkoutRefusalMessage } from "./mapping/checkout-problems"
import { toMedusaError } from "./medusa-error"
import type { ProviderPorts } from "./ports"
import {
  priceOption,
  quotePolicyOf,
  shownAtCheckout,
  UNPRICED_CODE,
  type PricingDeps,
} from "./pricing"
import type { LabelClient } from "./purchase"
import { processQuotes } from "./quotes"
import { rmaCartOf, type RmaContext } from "./rma-cart"
import type { OptionLocation } from "./warehouses"

export type CheckoutHookDeps = {
  options: PluginOptions
  ports: ProviderPorts
  logger: Logger
  client: () => LabelClient & ShippingClient
}

/** No price: Medusa drops a chosen method priced again rather than refuse the cart's change. */
const NO_PRICE: CalculatedShippingOptionPrice = {
  calculated_amount: undefined as unknown as number,
  is_calculated_price_tax_inclusive: false,
}

export function pricingDeps(deps: CheckoutHookDeps): PricingDeps {
  return {
    client: deps.client,
    shipments: () => deps.ports.shipments(),
    quotes: processQuotes,
    policy: quotePolicyOf(deps.options),
  }
}

/** In the shopper's words. */
export function checkoutRefusal(
  service: ServiceOption,
  check: CheckoutCheck
): MedusaError {
  return new MedusaError(
    MedusaError.Types.INVALID_DATA,
    checkoutRefusalMessage(service.name, check.problems),
    CHECKOUT_REFUSED_CODE
  )
}

/** The price context lacks email, metadata, (`calculate`) the sales channel, (before 2.19) the currency: one read. */
async function withCartDetails(
  ports: ProviderPorts,
  cart: CartForCheckout
): Promise<CartForCheckout> {
  if (
    (cart.metadata !== undefined &&
      cart.sales_channel_id !== undefined &&
      cart.currency_code) ||
    !cart.id?.startsWith("cart_")
  )
    return cart
  const details = await ports.cartDetails(cart.id)
  return details
    ? {
        ...cart,
        email: cart.email ?? details.email,
        currency_code: cart.currency_code || details.currency_code,
        metadata: cart.metadata ?? details.metadata,
        sales_channel_id: cart.sales_channel_id ?? details.sales_channel_id,
      }
    : cart
}

/** The dry run with the cart's details; merchant problems logged. */
export async function checkedCart(
  deps: CheckoutHookDeps,
  service: ServiceOption,
  given: CartForCheckout,
  fromLocation: OptionLocation
): Promise<CheckoutCheck> {
  const cart = await withCartDetails(deps.ports, given)
  const check = await checkCart(
    { options: deps.options, ports: deps.ports, client: deps.client },
    service,
    cart,
    fromLocation
  )
  logMerchantProblems(deps.logger, service, cart, check)
  return check
}

/**
 * A method data for our options: a cart the service would refuse is refused before payment. Carries what the
 * shopper was shown (price source, promised date, rate-shopping service), kept on the order.
 */
export async function chosenMethodData(
  deps: CheckoutHookDeps,
  service: ServiceOption,
  data: Record<string, unknown>,
  context: CartForCheckout & { from_location?: OptionLocation }
): Promise<Record<string, unknown>> {
  const check = await checkedCart(
    deps,
    service,
    context,
    context?.from_location
  )
  if (check.problems.length) throw checkoutRefusal(service, check)
  const shown = check.parcels?.length
    ? await shownAtCheckout(
        pricingDeps(deps),
        service,
        check.parcels,
        check.order.currency_code ?? undefined
      )
    : { price: null, promise: null, service_ids: null }
  return {
    ...data,
    option_id: service.id,
    ...(shown.price ? { price_quote: shown.price } : {}),
    ...(shown.promise ? { delivery_promise: shown.promise } : {}),
    // What the purchase buys if no service keeps the promise.
    ...(shown.service_ids ? { promised_service_ids: shown.service_ids } : {}),
  }
}

/** Postage as the purchase will buy it: packed and built alike, one rate per parcel, summed. */
export async function calculatedPrice(
  deps: CheckoutHookDeps,
  service: ServiceOption,
  data: Record<string, unknown> | undefined,
  context: Record<string, unknown>
): Promise<CalculatedShippingOptionPrice> {
  const given = context as unknown as CartForCheckout & {
    from_location?: OptionLocation
  }
  // Re-priced by Medusa's refresh (an address or item change).
  const repriced = typeof data?.option_id === "string"
  // An exchange's or claim's outbound method: priced for what it sends.
  const rma = await rmaCartOf(
    deps.ports,
    context as unknown as RmaContext & Record<string, unknown>
  )
  const cart = rma ? { ...rma, from_location: given.from_location } : given
  // No address (or only a pre-filled country): the dry run asks for it without a rates request.
  const check = await checkedCart(deps, service, cart, cart.from_location)
  if (check.problems.length || !check.parcels) {
    // No price drops a re-priced method; a throw would refuse the shopper's change itself.
    if (repriced) return NO_PRICE
    throw checkoutRefusal(service, check)
  }
  try {
    const price = await priceOption(
      pricingDeps(deps),
      service,
      check.parcels,
      check.order.currency_code
    )
    return {
      calculated_amount: price.amount,
      is_calculated_price_tax_inclusive: false,
    }
  } catch (error) {
    if (repriced && (error as { code?: unknown })?.code === UNPRICED_CODE)
      return NO_PRICE
    throw toMedusaError(error)
  }
}
