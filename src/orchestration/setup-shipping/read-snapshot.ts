import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type {
  SetupSnapshot,
  SnapshotLocation,
} from "../../lib/setup-shipping/types"
import { PROVIDER_IDENTIFIER } from "../../options/resolve"
import type { MedusaAddressLike } from "../../providers/shipping-services/mapping/address"

/** `<identifier>_<id>` as Medusa names it. */
export const SETUP_PROVIDER_ID = `${PROVIDER_IDENTIFIER}_${PROVIDER_IDENTIFIER}`

const PRODUCTS_READ = 10_000
const SAMPLE = 10

type Row = Record<string, unknown>
type Query = {
  graph<T = Row>(input: {
    entity: string
    fields: string[]
    filters?: Record<string, unknown>
    pagination?: { take?: number; skip?: number }
  }): Promise<{ data: T[] }>
}

type LocationRow = {
  id: string
  name: string
  address?: (MedusaAddressLike & { country_code?: string | null }) | null
  fulfillment_providers?: { id: string }[] | null
  sales_channels?: { id: string }[] | null
  fulfillment_sets?:
    | {
        id: string
        name: string
        type: string
        metadata?: Record<string, unknown> | null
        service_zones?:
          | {
              id: string
              name: string
              metadata?: Record<string, unknown> | null
              geo_zones?:
                { type: string; country_code?: string | null }[] | null
              shipping_options?:
                | {
                    id: string
                    name: string
                    provider_id?: string | null
                    data?: Record<string, unknown> | null
                    metadata?: Record<string, unknown> | null
                    rules?: { attribute: string; value: unknown }[] | null
                  }[]
                | null
            }[]
          | null
      }[]
    | null
}
type RegionRow = {
  id: string
  name: string
  currency_code: string
  countries?: { iso_2?: string | null }[] | null
}
type ProductRow = {
  id: string
  title: string
  shipping_profile?: { id: string; name: string } | null
}

/** Everything the plan needs, through Query; location addresses returned apart for the probes. */
export async function readSetupSnapshot(container: MedusaContainer): Promise<{
  snapshot: SetupSnapshot
  addresses: Map<string, MedusaAddressLike>
}> {
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const [providers, regions, locations, stores, profiles, sets, zones] =
    await Promise.all([
      query.graph<{ id: string; is_enabled?: boolean }>({
        entity: "fulfillment_provider",
        fields: ["id", "is_enabled"],
        filters: { id: SETUP_PROVIDER_ID },
      }),
      query.graph<RegionRow>({
        entity: "region",
        fields: ["id", "name", "currency_code", "countries.iso_2"],
      }),
      query.graph<LocationRow>({
        entity: "stock_location",
        fields: [
          "id",
          "name",
          "address.*",
          "fulfillment_providers.id",
          "sales_channels.id",
          "fulfillment_sets.id",
          "fulfillment_sets.name",
          "fulfillment_sets.type",
          "fulfillment_sets.metadata",
          "fulfillment_sets.service_zones.id",
          "fulfillment_sets.service_zones.name",
          "fulfillment_sets.service_zones.metadata",
          "fulfillment_sets.service_zones.geo_zones.type",
          "fulfillment_sets.service_zones.geo_zones.country_code",
          "fulfillment_sets.service_zones.shipping_options.id",
          "fulfillment_sets.service_zones.shipping_options.name",
          "fulfillment_sets.service_zones.shipping_options.provider_id",
          "fulfillment_sets.service_zones.shipping_options.data",
          "fulfillment_sets.service_zones.shipping_options.metadata",
          "fulfillment_sets.service_zones.shipping_options.rules.attribute",
          "fulfillment_sets.service_zones.shipping_options.rules.value",
        ],
      }),
      query.graph<{ default_sales_channel_id?: string | null }>({
        entity: "store",
        fields: ["id", "default_sales_channel_id"],
      }),
      query.graph<{ id: string; name: string; type: string }>({
        entity: "shipping_profile",
        fields: ["id", "name", "type"],
      }),
      query.graph<{ name: string }>({
        entity: "fulfillment_set",
        fields: ["name"],
      }),
      query.graph<{ name: string }>({
        entity: "service_zone",
        fields: ["name"],
      }),
    ])
  const defaultProfile = profiles.data.find((p) => p.type === "default") ?? null
  const products = await query.graph<ProductRow>({
    entity: "product",
    fields: ["id", "title", "shipping_profile.id", "shipping_profile.name"],
    pagination: { take: PRODUCTS_READ },
  })
  const withoutProfile = products.data.filter((p) => !p.shipping_profile?.id)
  const inOthers = products.data.filter(
    (p) =>
      p.shipping_profile?.id && p.shipping_profile.id !== defaultProfile?.id
  )
  const addresses = new Map<string, MedusaAddressLike>()
  const snapshotLocations: SnapshotLocation[] = locations.data.map((l) => {
    if (l.address?.country_code) addresses.set(l.id, l.address)
    return {
      id: l.id,
      name: l.name,
      country_code: l.address?.country_code?.toLowerCase() || null,
      provider_ids: (l.fulfillment_providers ?? []).map(
        (p: { id: string }) => p.id
      ),
      sales_channel_ids: (l.sales_channels ?? []).map(
        (s: { id: string }) => s.id
      ),
      fulfillment_sets: (l.fulfillment_sets ?? []).map((s) => ({
        id: s.id,
        name: s.name,
        type: s.type,
        metadata: s.metadata ?? null,
        service_zones: (s.service_zones ?? []).map((z) => ({
          id: z.id,
          name: z.name,
          metadata: z.metadata ?? null,
          countries: (z.geo_zones ?? [])
            .filter((g) => g.type === "country" && g.country_code)
            .map((g) => String(g.country_code).toLowerCase()),
          options: (z.shipping_options ?? []).map((o) => ({
            id: o.id,
            name: o.name,
            provider_id: o.provider_id ?? null,
            service:
              o.provider_id === SETUP_PROVIDER_ID &&
              typeof o.data?.id === "string"
                ? (o.data.id as string)
                : null,
            is_return: (o.rules ?? []).some(
              (r) =>
                r.attribute === "is_return" &&
                (r.value === "true" || r.value === true)
            ),
            // Medusa lists an option to shoppers unless a rule keeps it for the admin.
            in_store: !(o.rules ?? []).some(
              (r) =>
                r.attribute === "enabled_in_store" &&
                r.value !== "true" &&
                r.value !== true
            ),
            metadata: o.metadata ?? null,
          })),
        })),
      })),
    }
  })
  return {
    addresses,
    snapshot: {
      provider_id: SETUP_PROVIDER_ID,
      provider_enabled: providers.data.some((p) => p.is_enabled !== false),
      regions: regions.data.map((r) => ({
        id: r.id,
        name: r.name,
        currency_code: String(r.currency_code).toLowerCase(),
        countries: (r.countries ?? [])
          .map((c) => c.iso_2?.toLowerCase())
          .filter((c): c is string => !!c),
      })),
      locations: snapshotLocations,
      default_shipping_profile: defaultProfile
        ? { id: defaultProfile.id, name: defaultProfile.name }
        : null,
      default_sales_channel_id:
        stores.data[0]?.default_sales_channel_id ?? null,
      taken_names: {
        fulfillment_sets: sets.data.map((s) => s.name),
        service_zones: zones.data.map((z) => z.name),
      },
      products: {
        without_profile: withoutProfile
          .slice(0, SAMPLE)
          .map((p) => ({ id: p.id, title: p.title })),
        without_profile_count: withoutProfile.length,
        in_other_profiles_count: inOthers.length,
        other_profiles: [
          ...new Set(inOthers.map((p) => p.shipping_profile!.name)),
        ],
      },
    },
  }
}
