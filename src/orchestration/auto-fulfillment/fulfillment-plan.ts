import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isOurProvider } from "../../options/resolve"
import { laneOf } from "../../lib/batches/lane"
import type { OrderFacts } from "../../lib/auto-fulfillment/attempts"
import {
  groupLines,
  type PlanMethod,
  type PlannedGroup,
} from "../../lib/auto-fulfillment/groups"
import { locationProblem } from "../../lib/auto-fulfillment/location-problem"
import { changesOf, hasActiveChange, NO_CHANGES } from "./order-changes"
import { shippingOptionFacts } from "./shipping-option-facts"
import {
  forgetShopLocations,
  reservationsOf,
  stockLocationsOfShop,
  type StockLocationFacts,
} from "./shop-locations"
import { shippingOf } from "../../modules/shipping-services"

export type { PlannedGroup }

/** The reason of a plan with no line left to fulfill (recovery counts it as resumed). */
export const NOTHING_LEFT = "nothing left to fulfill"

export type Plan =
  | { groups: PlannedGroup[]; facts: OrderFacts }
  | {
      reason: string
      ours: boolean
      canceled?: boolean
      /** Not now: an exchange, claim, edit or return of the order is being made (try again later). */
      deferred?: boolean
      facts?: OrderFacts
    }

export type PlanOptions = {
  /** Only the lines confirmed order changes added (an exchange's, a claim's or an edit's). */
  onlyChanges?: boolean
  /** Medusa fails a fulfillment on an order with a change in progress after the label was bought. */
  checkActiveChanges?: boolean
}

type OrderRead = {
  id: string
  display_id?: number | null
  status?: string | null
  version?: number | null
  created_at?: Date | string | null
  shipping_address?: { country_code?: string | null } | null
  items?: {
    id: string
    quantity?: number
    requires_shipping?: boolean
    detail?: { quantity?: number; fulfilled_quantity?: number }
  }[]
  shipping_methods?: { id: string; shipping_option_id?: string | null }[]
}

/** One fulfillment per shipping option of the plugin and stock location; every placed order reads this. */
export async function planFulfillment(
  container: MedusaContainer,
  orderId: string,
  opts: PlanOptions = {}
): Promise<Plan> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: orders } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "display_id",
      "status",
      "version",
      "created_at",
      "shipping_address.country_code",
      "items.id",
      "items.quantity",
      "items.requires_shipping",
      "items.detail.quantity",
      "items.detail.fulfilled_quantity",
      "shipping_methods.id",
      "shipping_methods.shipping_option_id",
    ],
    filters: { id: orderId },
  })
  const order = orders[0] as OrderRead | undefined
  if (!order) return { reason: "order not found", ours: false }
  const optionIds = [
    ...new Set(
      (order.shipping_methods ?? [])
        .map((m) => m.shipping_option_id)
        .filter((id): id is string => !!id)
    ),
  ]
  const options = await shippingOptionFacts(container, optionIds)
  const changes =
    Number(order.version ?? 1) > 1 || opts.onlyChanges
      ? await changesOf(container, orderId)
      : NO_CHANGES
  const methods: PlanMethod[] = (order.shipping_methods ?? []).map((m) => ({
    shipping_option_id: m.shipping_option_id ?? null,
    ...(changes.methodChange.get(m.id) ?? {}),
  }))
  const own = methods.find(
    (m) =>
      !m.exchange_id &&
      !m.claim_id &&
      !m.return_id &&
      m.shipping_option_id &&
      isOurProvider(options.get(m.shipping_option_id)?.provider_id)
  )
  const ourOption = own
    ? options.get(own.shipping_option_id!)
    : [...options.values()].find((o) => isOurProvider(o.provider_id))
  if (!ourOption)
    return {
      reason: "the order's shipping method uses another provider",
      ours: false,
    }
  const shipping = shippingOf(container)
  const pluginOptions = shipping.getOptions()
  const service = pluginOptions.services.find(
    (s) => s.id === ourOption.service_id
  )
  const facts: OrderFacts = {
    option_id: ourOption.service_id,
    lane: service
      ? laneOf(
          service.variant,
          order.shipping_address?.country_code,
          pluginOptions.origin?.countryCode
        )
      : null,
    display_id: order.display_id ?? null,
    placed_at: order.created_at ? new Date(order.created_at) : null,
  }
  if (order.status === "canceled")
    return {
      reason: "the order is canceled",
      ours: true,
      canceled: true,
      facts,
    }
  const lines = (order.items ?? [])
    .filter((i) => i.requires_shipping !== false)
    .filter((i) => !opts.onlyChanges || changes.addedLines.has(i.id))
    .map((i) => ({
      id: i.id,
      quantity:
        Number(i.detail?.quantity ?? i.quantity ?? 0) -
        Number(i.detail?.fulfilled_quantity ?? 0),
    }))
    .filter((i) => i.quantity > 0)
  if (!lines.length) return { reason: NOTHING_LEFT, ours: true, facts }
  const locations = await stockLocationsOfShop(container)
  const reservations =
    locations.size > 1
      ? await reservationsOf(
          container,
          lines.map((l) => l.id)
        )
      : new Map<string, { location_id: string; quantity: number }[]>()
  const { groups, skipped } = groupLines({
    lines,
    methods,
    addedBy: changes.addedBy,
    reservations,
    ours: (id) => isOurProvider(options.get(id)?.provider_id),
    optionLocation: (id) => options.get(id)?.location_id ?? null,
  })
  if (!groups.length)
    return {
      reason: skipped[0]?.reason ?? NOTHING_LEFT,
      ours: !skipped.every((s) => /another provider/.test(s.reason)),
      facts,
    }
  if (opts.checkActiveChanges && (await hasActiveChange(container, orderId)))
    return {
      reason:
        "an exchange, claim, edit or return of the order is being made: its labels are bought once it is confirmed or canceled",
      ours: true,
      deferred: true,
      facts,
    }
  const judged = (all: Map<string, StockLocationFacts>) =>
    groups.map((g) => {
      const location =
        g.location_id ?? options.get(g.shipping_option_id)?.location_id ?? null
      return {
        ...g,
        problem: location
          ? locationProblem(all.get(location), {
              providerId: options.get(g.shipping_option_id)!.provider_id,
              several: all.size > 1,
            })
          : null,
      }
    })
  let planned = judged(locations)
  // What the merchant just fixed (a location linked, an address saved, a new one) is seen
  // before anything is refused: the locations remembered are read afresh then.
  if (planned.some((g) => g.problem)) {
    forgetShopLocations()
    planned = judged(await stockLocationsOfShop(container))
  }
  return { groups: planned, facts }
}
