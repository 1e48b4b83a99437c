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

/** What the provider's checkout hooks need: its options, ports, logger and client. */
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

/** What checkout's pricing needs: the client, the shop's outage, the quotes and their policy. */
export function pricingDeps(deps: CheckoutHookDeps): PricingDeps {
  return {
    client: deps.client,
    shipments: () => deps.ports.shipments(),
    quotes: processQuotes,
    policy: quotePolicyOf(deps.options),
  }
}

/** The cart refused in the shopper's words (the checkout's problems). */
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

/**
 * Medusa's price context has no email or metadata (the importer's customs reference), and
 * its `calculate` route's no sales channel (whose locations Medusa reserves at): one read.
 */
async function withCartDetails(
  ports: ProviderPorts,
  cart: CartForCheckout
): Promise<CartForCheckout> {
  if (
    (cart.metadata !== undefined && cart.sales_channel_id !== undefined) ||
    !cart.id?.startsWith("cart_")
  )
    return cart
  const details = await ports.cartDetails(cart.id)
  return details
    ? {
        ...cart,
        email: cart.email ?? details.email,
        metadata: cart.metadata ?? details.metadata,
        sales_channel_id: cart.sales_channel_id ?? details.sales_channel_id,
      }
    : cart
}

/** The dry run of the label purchase (checkout.ts) with the cart's details, merchant problems logged. */
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
 * The shipping method's data when the shopper chooses one of our options (and again at cart
 * completion): a cart the service would refuse is refused in the shopper's words, before
 * anything is paid. The data carries the option, and what the shopper was shown (no call: what
 * checkout's pricing and promises kept): how the price was had (a fallback while the service was
 * away is marked for the admin), the delivery date promised and, for a rate-shopping option, the
 * service that promised it. Kept on the order.
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
        context?.currency_code ?? undefined
      )
    : { price: null, promise: null, service_ids: null }
  return {
    ...data,
    option_id: service.id,
    ...(shown.price ? { price_quote: shown.price } : {}),
    ...(shown.promise ? { delivery_promise: shown.promise } : {}),
    // A rate-shopping option's service per parcel: what the purchase buys if none keeps the promise.
    ...(shown.service_ids ? { promised_service_ids: shown.service_ids } : {}),
  }
}

/**
 * The postage of what the purchase will buy (doc 4 rates): the cart packed and built as the
 * label purchase will (checkout.ts), one rate per parcel, summed, in the cart's currency. A cart
 * the service would refuse gets no price, in the same words as at checkout.
 */
export async function calculatedPrice(
  deps: CheckoutHookDeps,
  service: ServiceOption,
  data: Record<string, unknown> | undefined,
  context: Record<string, unknown>
): Promise<CalculatedShippingOptionPrice> {
  const given = context as unknown as CartForCheckout & {
    from_location?: OptionLocation
  }
  // A chosen method priced again by Medusa's refresh (an address or item change).
  const repriced = typeof data?.option_id === "string"
  // An exchange's or a claim's outbound method: priced for what it sends, to the order's address.
  const rma = await rmaCartOf(
    deps.ports,
    context as unknown as RmaContext & Record<string, unknown>
  )
  const cart = rma ? { ...rma, from_location: given.from_location } : given
  // No address, or only the country Medusa pre-fills from a one-country region: the dry run
  // asks for what is missing, and no rates request is made.
  const check = await checkedCart(deps, service, cart, cart.from_location)
  if (check.problems.length || !check.parcels) {
    // No price drops a re-priced method and lets the change through; a throw would refuse the
    // shopper's change itself. Choosing the option again gives the refusal's words.
    if (repriced) return NO_PRICE
    throw checkoutRefusal(service, check)
  }
  try {
    const price = await priceOption(
      pricingDeps(deps),
      service,
      check.parcels,
      cart.currency_code
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
