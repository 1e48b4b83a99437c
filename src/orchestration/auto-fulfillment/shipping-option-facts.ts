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
 * A shipping option's provider, service (`data.id`) and stock location, remembered a minute per
 * process (the one that gets Medusa's event forgets at once); the purchase reads it afresh anyway.
 */
const optionFacts = new ExpiringMap<string, Promise<OptionFacts | undefined>>({
  ttlMs: 60_000,
  maxEntries: 1_000,
})

/** A shipping option changed or went (Medusa's fulfillment module event): read it afresh. */
export function forgetShippingOption(id: string | undefined) {
  if (id) optionFacts.delete(id)
  else optionFacts.clear()
}

function forgetRead(id: string, read: Promise<OptionFacts | undefined>) {
  if (optionFacts.get(id) === read) optionFacts.delete(id)
}

/** Concurrent orders share one read of the options none has asked for yet. */
export async function shippingOptionFacts(
  container: MedusaContainer,
  ids: string[]
): Promise<Map<string, OptionFacts>> {
  const reads = new Map(ids.map((id) => [id, optionFacts.get(id)]))
  const unknown = [...reads.keys()].filter((id) => !reads.get(id))
  if (unknown.length) {
    const read = readOptionFacts(container, unknown)
    for (const id of unknown) {
      const one = read.then((all) => all.get(id))
      reads.set(id, one)
      optionFacts.set(id, one)
      // Not remembered: a failed read, or an option not found.
      one.then(
        (facts) => facts || forgetRead(id, one),
        () => forgetRead(id, one)
      )
    }
  }
  const out = new Map<string, OptionFacts>()
  for (const [id, read] of reads) {
    const facts = await read
    if (facts) out.set(id, facts)
  }
  return out
}

async function readOptionFacts(
  container: MedusaContainer,
  ids: string[]
): Promise<Map<string, OptionFacts>> {
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
      filters: { id: ids },
    })
  const facts = new Map<string, OptionFacts>()
  for (const o of data as {
    id: string
    provider_id?: string | null
    data?: { id?: unknown } | null
    service_zone?: {
      fulfillment_set?: { location?: { id?: string } | null } | null
    } | null
  }[]) {
    facts.set(o.id, {
      provider_id: o.provider_id ?? "",
      service_id: typeof o.data?.id === "string" ? o.data.id : null,
      location_id: o.service_zone?.fulfillment_set?.location?.id ?? null,
    })
  }
  return facts
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
