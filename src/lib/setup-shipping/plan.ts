import type { PluginOptions } from "../../options/schema"
import { list } from "./words"
import { drafts, regionCurrencies } from "./draft"
import { planLocation } from "./plan-location"
import { storeVisibility } from "./store-visibility"
import type {
  LaneCheck,
  LocationPlan,
  ProbeAnswers,
  SetupInput,
  SetupPlan,
  SetupSnapshot,
} from "./types"

// Two passes (`probeQuestions`, then `planShippingSetup` with answers), so preview and apply agree.

export { LANE_LABEL } from "./words"
export { probeQuestions } from "./draft"

const DEFAULT_PROFILE_NAME = "Default Shipping Profile"

function catalogNotes(snapshot: SetupSnapshot): string[] {
  const p = snapshot.products
  const profile =
    snapshot.default_shipping_profile?.name ?? DEFAULT_PROFILE_NAME
  const notes: string[] = []
  if (p.without_profile_count > 0)
    notes.push(
      `${p.without_profile_count} product(s) are in no shipping profile (${list(p.without_profile.map((x) => `“${x.title}”`))}${p.without_profile_count > p.without_profile.length ? ", …" : ""}): Medusa refuses to check out a cart holding one ("The cart items require shipping profiles that are not satisfied"). Put them in “${profile}” (the product's Shipping configuration).`
    )
  if (p.in_other_profiles_count > 0)
    notes.push(
      `${p.in_other_profiles_count} product(s) are in other shipping profiles (${list(p.other_profiles)}): the options made here serve “${profile}” only.`
    )
  return notes
}

export function planShippingSetup(
  snapshot: SetupSnapshot,
  options: PluginOptions,
  input: SetupInput,
  laneCheck: LaneCheck,
  answers: ProbeAnswers
): SetupPlan {
  const blocking: string[] = []
  const amounts: string[] = []
  const notes: string[] = []
  if (!snapshot.provider_enabled)
    blocking.push(
      `The fulfillment provider ${snapshot.provider_id} is not loaded: list "medusa-plugin-shipping-services/providers/shipping-services" (id "shipping-services") in the fulfillment module's providers in medusa-config (README) and restart.`
    )
  if (!snapshot.regions.some((r) => r.countries.length))
    blocking.push(
      "No region has a country: create a region with the countries you sell to and its currency (Settings → Regions)."
    )
  const drafted = drafts(snapshot, options, input, laneCheck)
  blocking.push(...drafted.missing)
  notes.push(...drafted.notes)
  const taken = {
    sets: new Set(snapshot.taken_names.fulfillment_sets),
    zones: new Set(snapshot.taken_names.service_zones),
  }
  const currencies = regionCurrencies(snapshot)
  const locations: LocationPlan[] = []
  for (const d of drafted.locations) {
    const planned = planLocation(snapshot, d, answers, input, taken, currencies)
    locations.push(planned.plan)
    blocking.push(...planned.blocking)
    amounts.push(...planned.amounts)
    notes.push(...planned.notes)
  }
  notes.push(...storeVisibility(snapshot, locations))
  const creates = locations.flatMap((l) =>
    l.options.filter((o) => o.status === "create")
  )
  const shippingProfile: SetupPlan["shipping_profile"] =
    snapshot.default_shipping_profile
      ? {
          action: "exists",
          id: snapshot.default_shipping_profile.id,
          name: snapshot.default_shipping_profile.name,
        }
      : creates.length
        ? { action: "create", id: null, name: DEFAULT_PROFILE_NAME }
        : null
  notes.push(...catalogNotes(snapshot))
  const missing = [...blocking, ...amounts]
  return {
    provider_id: snapshot.provider_id,
    ready: missing.length === 0,
    missing,
    blocking,
    notes,
    shipping_profile: shippingProfile,
    locations,
    to_create: {
      shipping_profile: shippingProfile?.action === "create" ? 1 : 0,
      provider_links: locations.filter((l) => l.provider_link === "create")
        .length,
      sales_channel_links: locations.filter(
        (l) => l.sales_channel_link?.action === "create"
      ).length,
      fulfillment_sets: locations.filter(
        (l) => l.fulfillment_set?.action === "create"
      ).length,
      service_zones: locations.flatMap((l) =>
        l.zones.filter((z) => z.action === "create")
      ).length,
      geo_zones: locations.flatMap((l) =>
        l.zones.flatMap((z) => z.add_countries)
      ).length,
      shipping_options: creates.length,
    },
  }
}

export function createsAnything(plan: SetupPlan): boolean {
  return Object.values(plan.to_create).some((n) => n > 0)
}
