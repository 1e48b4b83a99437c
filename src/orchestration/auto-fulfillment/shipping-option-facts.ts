import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isOurProvider } from "../../options/resolve"
import { ExpiringMap } from "../../lib/cache/expiring-map"

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

export async function shippingOptionFacts(
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
