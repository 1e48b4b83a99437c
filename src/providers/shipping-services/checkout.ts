import type { PluginOptions, ServiceOption } from "../../options"
import type { ShippingClient } from "../../shipping-api/client"
import { withCatalog } from "./catalog"
import type { MedusaAddressLike } from "./mapping/address"
import {
  checkoutProblemsOf,
  type CheckoutLine,
  type CheckoutProblem,
} from "./mapping/checkout-problems"
import { originAddressOf } from "./mapping/origin"
import {
  checkPlan,
  createOptionsOf,
  planShipment,
  type PlannedParcel,
} from "./mapping/plan"
import type { OrderLike, OrderLineLike, ShippedLine } from "./mapping/types"
import type { ProviderPorts } from "./ports"

/** A cart (or an order) as checkout sees it: Medusa's cart fields the dry run reads. */
export type CartForCheckout = {
  id?: string | null
  email?: string | null
  currency_code?: string | null
  metadata?: Record<string, unknown> | null
  shipping_address?: MedusaAddressLike | null
  items?: (OrderLineLike & { requires_shipping?: boolean | null })[] | null
}

export type CheckoutDeps = {
  options: PluginOptions
  ports: Pick<ProviderPorts, "variants" | "products">
  client: () => Pick<ShippingClient, "checkShipment">
}

export type CheckoutCheck = {
  problems: CheckoutProblem[]
  /** The parcels the purchase would buy, when nothing is wrong. */
  parcels?: PlannedParcel[]
  /** The lines checked: what the shipment would hold (items requiring shipping). */
  lines: CheckoutLine[]
  /** The cart's lines with the catalog's data (for the merchant's log). */
  order: OrderLike
}

/** The `code` of Medusa's error body when checkout refuses a cart (storefronts may test it). */
export const CHECKOUT_REFUSED_CODE = "shipping_services_cart_refused"

export const NO_ORIGIN =
  "No origin address: give the stock location an address, or set the plugin's origin option"

/**
 * Checkout's dry run: the shipment the label purchase would buy for this cart, built
 * by the same code (catalog data, packing, builder) and checked against every rule of the
 * documents by the client's own pre-send validation, with nothing sent. What it finds is put in
 * the shopper's words (mapping/checkout-problems.ts). The provider's validateFulfillmentData and
 * calculatePrice, the cart completion hook and the store's check route all run this.
 */
export async function checkCart(
  deps: CheckoutDeps,
  service: ServiceOption,
  cart: CartForCheckout,
  fromLocation: MedusaAddressLike | null | undefined
): Promise<CheckoutCheck> {
  const order = await withCatalog(deps.ports, orderOfCart(cart))
  const shipped: ShippedLine[] = (order.items ?? [])
    .filter(
      (line) =>
        (line as { requires_shipping?: boolean | null }).requires_shipping !==
        false
    )
    .map((line) => ({ line, quantity: Number(line.quantity ?? 0) }))
    .filter((l) => l.quantity > 0)
  const lines = shipped.map((l) => ({
    id: l.line.id,
    title: l.line.product_title ?? l.line.title ?? l.line.id,
  }))
  const problem = (
    p: Omit<CheckoutProblem, "rule" | "detail">,
    rule: string
  ): CheckoutCheck => ({
    problems: [{ ...p, rule, detail: p.message }],
    lines,
    order,
  })
  const to = cart.shipping_address
  if (!to?.country_code)
    return problem(
      {
        field: "shipping_address",
        message: "Add a shipping address",
        fix: "customer",
      },
      "checkout.shipping-address.missing"
    )
  if (!shipped.length) return { problems: [], parcels: [], lines, order }
  const origin = originAddressOf(deps.options, fromLocation)
  if (!origin)
    return problem(
      {
        field: "shipping_method",
        message: `${service.name} is not available for this order: choose another shipping option`,
        fix: "merchant",
      },
      "checkout.origin.missing"
    )
  const plan = planShipment({
    order,
    lines: shipped,
    service,
    options: deps.options,
    origin,
    direction: "outbound",
  })
  const found = plan.ok
    ? checkPlan(plan.parcels, (built) =>
        deps
          .client()
          .checkShipment(built.request, createOptionsOf(built, service))
      )
    : plan.problems
  return {
    problems: checkoutProblemsOf(found, { lines, serviceName: service.name }),
    ...(plan.ok && !found.length ? { parcels: plan.parcels } : {}),
    lines,
    order,
  }
}

/**
 * A cart as the builder's order: its lines (with the snapshot titles, handles and SKUs Medusa
 * keeps on line items), address, email, currency and metadata (the importer's customs reference).
 * A cart has no display id: its id stands in where the order's number will go (references), a
 * longer value, so a reference that fits now fits then.
 */
export function orderOfCart(cart: CartForCheckout): OrderLike {
  return {
    id: cart.id ?? "cart",
    display_id: cart.id ?? null,
    currency_code: cart.currency_code,
    email: cart.email,
    metadata: cart.metadata,
    shipping_address: cart.shipping_address,
    items: cart.items ?? [],
  }
}

/** Problems logged lately, so a storefront asking again and again logs a problem once. */
const LOGGED_FOR_MS = 10 * 60_000
const logged = new Map<string, number>()

/**
 * What only the merchant can fix (a product without weight, an HS code missing), with the
 * product and variant, as a warning: the shopper was told only that the item cannot ship.
 * No address or other personal data is logged.
 */
export function logMerchantProblems(
  logger: { warn(message: string): void },
  service: ServiceOption,
  cart: CartForCheckout,
  check: CheckoutCheck
): void {
  const now = Date.now()
  const byId = new Map((check.order.items ?? []).map((l) => [l.id, l]))
  for (const p of check.problems) {
    if (p.fix !== "merchant") continue
    const lines = (p.item_ids ?? [])
      .map((id) => byId.get(id))
      .filter((l): l is OrderLineLike => !!l)
    const what = lines.length
      ? lines
          .map(
            (l) =>
              `"${l.product_title ?? l.title ?? l.id}" (variant ${l.variant_id ?? l.variant?.id ?? "?"}, product ${l.product_id ?? l.variant?.product?.id ?? "?"})`
          )
          .join(", ")
      : "the store's settings"
    const key = `${service.id}|${p.rule}|${what}`
    if ((logged.get(key) ?? 0) > now) continue
    if (logged.size > 1000) logged.clear()
    logged.set(key, now + LOGGED_FOR_MS)
    logger.warn(
      `shipping-services: ${service.name} cannot ship ${what} (cart ${cart.id ?? "?"}): ${p.detail} [${p.rule}]. Fix it in the catalog or the plugin's options; Settings → Shipping services lists what cannot ship.`
    )
  }
}
