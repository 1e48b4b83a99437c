import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  PROVIDER_IDENTIFIER,
  SHIPPING_SERVICES_MODULE,
} from "../../options/resolve"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import { laneOf } from "../../lib/batches/lane"
import { ExpiringMap } from "../../lib/cache/expiring-map"
import type { OrderFacts } from "../../lib/auto-fulfil/attempts"
import {
  groupLines,
  type LineChange,
  type PlanMethod,
  type PlannedGroup,
} from "../../lib/auto-fulfil/groups"
import { locationProblem } from "../../lib/auto-fulfil/location-problem"

/** Our provider's id in Medusa: `<identifier>_<id>` (the id given in medusa-config). */
export const isOurProvider = (providerId: string | null | undefined) =>
  !!providerId && providerId.startsWith(`${PROVIDER_IDENTIFIER}_`)

export type { PlannedGroup }

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
  /**
   * Whether an order change in progress can exist: Medusa's fulfilment fails on such an order
   * after the label was bought (research: registerFulfillment), so it is asked first — except at
   * placement, where none can be.
   */
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

/**
 * The unfulfilled shippable lines of an order, as fulfillments to make: one per shipping option
 * of the plugin and stock location (src/lib/auto-fulfil/groups.ts). Read with as few statements
 * as the order allows, since every placed order runs this: the order (one query); the change
 * actions only once the order has changed (its version moved on); the reservations only in a
 * shop with several stock locations; options and locations remembered a minute.
 */
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
  const shipping: ShippingServicesModuleService = container.resolve(
    SHIPPING_SERVICES_MODULE
  )
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
  if (!lines.length)
    return { reason: "nothing left to fulfil", ours: true, facts }
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
      reason: skipped[0]?.reason ?? "nothing left to fulfil",
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

type OptionFacts = {
  provider_id: string
  service_id: string | null
  location_id: string | null
}

/**
 * What the plan needs of a shipping option: its provider, the plugin service it was made from
 * (`data.id`) and its fulfillment set's stock location. Read on every order, changed almost
 * never: remembered for a minute per process. A change is seen at once by the process that gets
 * Medusa's event (`forgetShippingOption`), by the others within the minute; meanwhile the
 * purchase itself still goes through Medusa, which reads the option afresh.
 */
const optionFacts = new ExpiringMap<string, OptionFacts>({
  ttlMs: 60_000,
  maxEntries: 1_000,
})

/** A shipping option changed or went (Medusa's fulfillment module event): read it afresh. */
export function forgetShippingOption(id: string | undefined) {
  if (id) optionFacts.delete(id)
  else optionFacts.clear()
}

async function shippingOptionFacts(
  container: MedusaContainer,
  ids: string[]
): Promise<Map<string, OptionFacts>> {
  const unknown = ids.filter((id) => !optionFacts.get(id))
  if (unknown.length) {
    const { data } = await container
      .resolve(ContainerRegistrationKeys.QUERY)
      .graph({
        entity: "shipping_option",
        fields: [
          "id",
          "provider_id",
          "data",
          "service_zone.fulfillment_set.location.id",
        ],
        filters: { id: unknown },
      })
    for (const o of data as {
      id: string
      provider_id?: string | null
      data?: { id?: unknown } | null
      service_zone?: {
        fulfillment_set?: { location?: { id?: string } | null } | null
      } | null
    }[]) {
      optionFacts.set(o.id, {
        provider_id: o.provider_id ?? "",
        service_id: typeof o.data?.id === "string" ? o.data.id : null,
        location_id: o.service_zone?.fulfillment_set?.location?.id ?? null,
      })
    }
  }
  const out = new Map<string, OptionFacts>()
  for (const id of ids) {
    const facts = optionFacts.get(id)
    if (facts) out.set(id, facts)
  }
  return out
}

/** The order's shipping option of this provider and its plugin service, if any. */
export async function ourShippingOptionWithService(
  container: MedusaContainer,
  order: { shipping_methods?: { shipping_option_id?: string | null }[] }
): Promise<{ id: string; service_id: string | null } | undefined> {
  const ids = [
    ...new Set(
      (order.shipping_methods ?? [])
        .map((m) => m.shipping_option_id)
        .filter((id): id is string => !!id)
    ),
  ]
  const facts = await shippingOptionFacts(container, ids)
  for (const id of ids) {
    const f = facts.get(id)
    if (f && isOurProvider(f.provider_id))
      return { id, service_id: f.service_id }
  }
  return undefined
}

type Changes = {
  /** Lines an exchange or a claim added, with it. */
  addedBy: Map<string, LineChange>
  /** Every line a confirmed change added (exchanges, claims, edits). */
  addedLines: Set<string>
  /** The change that added each shipping method. */
  methodChange: Map<
    string,
    {
      exchange_id?: string | null
      claim_id?: string | null
      return_id?: string | null
    }
  >
}

const NO_CHANGES: Changes = {
  addedBy: new Map(),
  addedLines: new Set(),
  methodChange: new Map(),
}

/** What the order's changes added (Medusa's ITEM_ADD and SHIPPING_ADD actions). */
async function changesOf(
  container: MedusaContainer,
  orderId: string
): Promise<Changes> {
  const actions = (await container
    .resolve(Modules.ORDER)
    .listOrderChangeActions(
      // Columns of the action the declared filter type leaves out.
      { order_id: orderId, action: ["ITEM_ADD", "SHIPPING_ADD"] } as Record<
        string,
        unknown
      >,
      {
        select: [
          "action",
          "details",
          "reference_id",
          "exchange_id",
          "claim_id",
          "return_id",
        ],
        take: 1_000,
      }
    )) as unknown as {
    action: string
    details?: { reference_id?: string } | null
    reference_id?: string | null
    exchange_id?: string | null
    claim_id?: string | null
    return_id?: string | null
  }[]
  const changes: Changes = {
    addedBy: new Map(),
    addedLines: new Set(),
    methodChange: new Map(),
  }
  for (const a of actions) {
    const ref = a.details?.reference_id ?? a.reference_id
    if (!ref) continue
    if (a.action === "ITEM_ADD") {
      changes.addedLines.add(ref)
      if (a.exchange_id || a.claim_id)
        changes.addedBy.set(ref, {
          exchange_id: a.exchange_id ?? null,
          claim_id: a.claim_id ?? null,
        })
    } else
      changes.methodChange.set(ref, {
        exchange_id: a.exchange_id ?? null,
        claim_id: a.claim_id ?? null,
        return_id: a.return_id ?? null,
      })
  }
  return changes
}

async function hasActiveChange(
  container: MedusaContainer,
  orderId: string
): Promise<boolean> {
  const active = await container
    .resolve(Modules.ORDER)
    .listOrderChanges(
      { order_id: orderId, status: ["pending", "requested"] },
      { select: ["id"], take: 1 }
    )
  return active.length > 0
}

/** Where each line's stock is held (Medusa's reservations, by line item). */
async function reservationsOf(
  container: MedusaContainer,
  lineIds: string[]
): Promise<Map<string, { location_id: string; quantity: number }[]>> {
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({
      entity: "reservation",
      fields: ["id", "line_item_id", "location_id", "quantity"],
      filters: { line_item_id: lineIds },
    })
  const out = new Map<string, { location_id: string; quantity: number }[]>()
  for (const r of data as {
    line_item_id?: string | null
    location_id: string
    quantity: number
  }[]) {
    if (!r.line_item_id) continue
    const list = out.get(r.line_item_id) ?? []
    list.push({ location_id: r.location_id, quantity: Number(r.quantity) })
    out.set(r.line_item_id, list)
  }
  return out
}

export type StockLocationFacts = {
  id: string
  name: string | null
  /** Has an address a label can ship from (a country at least). */
  has_address: boolean
  provider_ids: string[]
}

/** The shop's stock locations, remembered a minute (a burst of orders reads them once). */
const shopLocations = new ExpiringMap<"all", Map<string, StockLocationFacts>>({
  ttlMs: 60_000,
  maxEntries: 1,
})

/** A stock location changed, came or went: read them afresh. */
export function forgetShopLocations(): void {
  shopLocations.clear()
}

async function stockLocationsOfShop(
  container: MedusaContainer
): Promise<Map<string, StockLocationFacts>> {
  const known = shopLocations.get("all")
  if (known) return known
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({
      entity: "stock_location",
      fields: [
        "id",
        "name",
        "address.country_code",
        "fulfillment_providers.id",
      ],
    })
  const all = new Map<string, StockLocationFacts>()
  for (const l of data as {
    id: string
    name?: string | null
    address?: { country_code?: string | null } | null
    fulfillment_providers?: { id: string }[] | null
  }[])
    all.set(l.id, {
      id: l.id,
      name: l.name ?? null,
      has_address: !!l.address?.country_code,
      provider_ids: (l.fulfillment_providers ?? []).map((p) => p.id),
    })
  shopLocations.set("all", all)
  return all
}
