import type { PluginOptions, ServiceOption } from "../../options"
import type { ShippingClient } from "../../shipping-api/client"
import { withCatalog } from "./catalog"
import type { MedusaAddressLike } from "./mapping/address"
import {
  checkoutProblemsOf,
  dedupeProblems,
  linesCannotShipWords,
  type CheckoutLine,
  type CheckoutProblem,
} from "./mapping/checkout-problems"
import { LANE_RULE_IDS } from "./mapping/lane"
import { originAddressOf } from "./mapping/origin"
import {
  checkPlan,
  createOptionsOf,
  planShipment,
  type PlannedParcel,
} from "./mapping/plan"
import type { OrderLike, OrderLineLike, ShippedLine } from "./mapping/types"
import type { ProviderPorts } from "./ports"
import {
  readCartWarehouses,
  type OptionLocation,
  type Warehouse,
} from "./warehouses"

export type CartForCheckout = {
  id?: string | null
  email?: string | null
  currency_code?: string | null
  metadata?: Record<string, unknown> | null
  /** Medusa reserves stock at this channel's locations. */
  sales_channel_id?: string | null
  shipping_address?: MedusaAddressLike | null
  items?: (OrderLineLike & { requires_shipping?: boolean | null })[] | null
}

export type CheckoutDeps = {
  options: PluginOptions
  ports: Pick<
    ProviderPorts,
    "variants" | "products" | "shopLocations" | "variantStock"
  >
  client: () => Pick<ShippingClient, "checkShipment">
}

/** What one warehouse of the cart ships, and what stops it. */
export type LocationCheck = {
  /** Null: the shipping option has none. */
  location_id: string | null
  name: string | null
  item_ids: string[]
  problems: CheckoutProblem[]
  /** Set when nothing is wrong. */
  parcels?: PlannedParcel[]
}

export type CheckoutCheck = {
  problems: CheckoutProblem[]
  /** Every warehouse's parcels, when nothing is wrong. */
  parcels?: PlannedParcel[]
  locations: LocationCheck[]
  /** Items requiring shipping. */
  lines: CheckoutLine[]
  /** For the merchant's log. */
  order: OrderLike
}

/** Storefronts may test this `code` of Medusa's error body. */
export const CHECKOUT_REFUSED_CODE = "shipping_services_cart_refused"

export const NO_ORIGIN =
  "No origin address: give the stock location an address, or set the plugin's origin option"

/** In a shop of several locations, lines of a warehouse without an address cannot ship. */
export const LOCATION_ADDRESS_RULE = "checkout.location.address-missing"

/**
 * Checkout's dry run: builds what the purchase would buy with the same code and checks it against every rule,
 * sending nothing. Used by validateFulfillmentData, calculatePrice, cart completion and the store check route.
 */
export async function checkCart(
  deps: CheckoutDeps,
  service: ServiceOption,
  cart: CartForCheckout,
  fromLocation: OptionLocation
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
  const to = cart.shipping_address
  if (!to?.country_code) {
    const problems = [
      {
        field: "shipping_address",
        message: "Add a shipping address",
        fix: "customer" as const,
        rule: "checkout.shipping-address.missing",
        detail: "Add a shipping address",
      },
    ]
    return { problems, lines, order, locations: [] }
  }
  if (!shipped.length)
    return { problems: [], parcels: [], lines, order, locations: [] }
  const warehouses = await readCartWarehouses(
    deps.ports,
    cart,
    shipped.map((l) => l.line.id),
    fromLocation,
    deps.options.quotes.ttlSeconds * 1000
  )
  const locations = warehouses.groups.map((group) =>
    checkWarehouse(
      deps,
      service,
      order,
      shipped.filter((l) => group.line_ids.includes(l.line.id)),
      lines,
      group.warehouse,
      warehouses.several
    )
  )
  const problems = dedupeProblems(
    locations.length > 1
      ? itemsOfWarehouseProblems(locations, lines, service.name)
      : locations.flatMap((l) => l.problems)
  )
  return {
    problems,
    ...(problems.length
      ? {}
      : { parcels: locations.flatMap((l) => l.parcels ?? []) }),
    locations,
    lines,
    order,
  }
}

/** With several locations, one without an address refuses its lines, else they would leave from another's address. */
function checkWarehouse(
  deps: CheckoutDeps,
  service: ServiceOption,
  order: OrderLike,
  shipped: ShippedLine[],
  lines: readonly CheckoutLine[],
  warehouse: Warehouse,
  several: boolean
): LocationCheck {
  const base = {
    location_id: warehouse.id,
    name: warehouse.name,
    item_ids: shipped.map((l) => l.line.id),
  }
  if (several && !warehouse.address?.country_code) {
    const titles = shipped.map(
      (l) => lines.find((x) => x.id === l.line.id)?.title ?? l.line.id
    )
    const detail = `the stock location ${warehouse.name ? `“${warehouse.name}” ` : ""}(${warehouse.id ?? "the shipping option's"}) that holds it has no address: give it its address (Settings → Locations); its parcels never leave from another warehouse's`
    return {
      ...base,
      problems: [
        {
          field: "items",
          item_ids: base.item_ids,
          message: linesCannotShipWords(titles, service.name),
          fix: "merchant",
          rule: LOCATION_ADDRESS_RULE,
          detail,
        },
      ],
    }
  }
  const origin = originAddressOf(deps.options, warehouse.address)
  if (!origin) {
    const message = `${service.name} is not available for this order: choose another shipping option`
    return {
      ...base,
      problems: [
        {
          field: "shipping_method",
          message,
          fix: "merchant",
          rule: "checkout.origin.missing",
          detail: message,
        },
      ],
    }
  }
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
    ...base,
    problems: checkoutProblemsOf(found, { lines, serviceName: service.name }),
    ...(plan.ok && !found.length ? { parcels: plan.parcels } : {}),
  }
}

/**
 * What one warehouse cannot do but another can concerns its items, so the shopper hears which items cannot ship;
 * what every warehouse finds is said once, as it is.
 */
function itemsOfWarehouseProblems(
  locations: readonly LocationCheck[],
  lines: readonly CheckoutLine[],
  serviceName: string
): CheckoutProblem[] {
  const key = (p: CheckoutProblem) => `${p.rule}|${p.field}|${p.message}`
  const everywhere = (p: CheckoutProblem) =>
    locations.every((l) => l.problems.some((q) => key(q) === key(p)))
  const titles = new Map(lines.map((l) => [l.id, l.title]))
  return locations.flatMap((location) =>
    location.problems.map((p) => {
      const ofWarehouse =
        !p.item_ids?.length &&
        (p.field === "shipping_method" || LANE_RULE_IDS.includes(p.rule)) &&
        !everywhere(p)
      if (!ofWarehouse) return p
      return {
        field: "items",
        item_ids: location.item_ids,
        message: linesCannotShipWords(
          location.item_ids.map((id) => titles.get(id) ?? id),
          serviceName
        ),
        fix: "merchant" as const,
        rule: p.rule,
        detail: `from ${location.name ? `“${location.name}”` : `stock location ${location.location_id}`}: ${p.detail}`,
      }
    })
  )
}

/** A cart as the builder's order; its longer id stands in for the display id, so a reference that fits now fits then. */
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

/** So a storefront asking again and again logs a problem once. */
const LOGGED_FOR_MS = 10 * 60_000
const logged = new Map<string, number>()

/** Problems only the merchant can fix, as a warning naming product and variant; no personal data logged. */
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
      `shipping-services: ${service.name} cannot ship ${what} (cart ${cart.id ?? "?"}): ${p.detail} [${p.rule}]. ${p.rule === LOCATION_ADDRESS_RULE ? "Fix it under Settings → Locations." : "Fix it in the catalog or the plugin's options; Settings → Shipping services lists what cannot ship."}`
    )
  }
}
