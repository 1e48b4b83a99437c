import { markerOf } from "./marker"
import { LANE_LABEL, upper, list, uniq } from "./words"
import { decide } from "./decide"
import type { LocationDraft } from "./draft"
import type {
  LocationPlan,
  OptionPlan,
  ProbeAnswers,
  SetupInput,
  SetupSnapshot,
  ZonePlan,
} from "./types"

/** Fulfillment set and service zone names are unique in Medusa. */
function freeName(wanted: string, taken: Set<string>, suffix: string): string {
  let name = taken.has(wanted) ? `${wanted} (${suffix})` : wanted
  for (let i = 2; taken.has(name); i++) name = `${wanted} (${suffix} ${i})`
  taken.add(name)
  return name
}

export function planLocation(
  snapshot: SetupSnapshot,
  draft: LocationDraft,
  answers: ProbeAnswers,
  input: SetupInput,
  taken: { sets: Set<string>; zones: Set<string> },
  currencies: Map<string, string>
): {
  plan: LocationPlan
  blocking: string[]
  amounts: string[]
  notes: string[]
} {
  const { location } = draft
  const missing = [...draft.missing]
  const amounts: string[] = []
  const notes = [...draft.notes]
  const options = draft.drafts.map((d) => decide(d, answers, input, currencies))
  for (const o of options) {
    if (o.amounts_needed.length)
      amounts.push(
        `Type a flat amount for “${o.name}” (${LANE_LABEL[o.lane].toLowerCase()}, from “${location.name}”) in ${o.amounts_needed.map(upper).join(", ")}: ${o.reason}.`
      )
    if (o.status === "exists" || o.status === "foreign") {
      const unused = (input.flat_amounts ?? []).some(
        (a) => a.service === o.service && (!a.lane || a.lane === o.lane)
      )
      if (unused)
        notes.push(
          `“${o.name}” (${LANE_LABEL[o.lane].toLowerCase()}) exists already: the amount typed for it is not used (change its price under Settings → Locations).`
        )
    }
  }
  const live = options.filter(
    (o) => o.status === "create" || o.status === "exists"
  )
  if (
    location.country_code &&
    options.length &&
    !options.some((o) => o.status !== "not_offered")
  ) {
    const why = options.map((o) => `${o.name}: ${o.reason}`)
    missing.push(
      `Nothing can ship from “${location.name}” (${upper(location.country_code)}) to the regions' countries${why.length ? ` — ${why.join("; ")}` : ""}.`
    )
  }

  const sets = location.fulfillment_sets
  const zones: ZonePlan[] = []
  for (const lane of ["domestic", "cross-border"] as const) {
    const here = live.filter((o) => o.lane === lane)
    const creates = here.some((o) => o.status === "create")
    const countries = uniq(here.flatMap((o) => o.countries)).sort()
    const ours = sets
      .flatMap((s) => s.service_zones)
      .find((z) => {
        const m = markerOf(z.metadata)
        return m?.lane === lane && !m.service
      })
    if (ours) {
      zones.push({
        lane,
        action: "exists",
        id: ours.id,
        name: ours.name,
        countries: ours.countries,
        add_countries: countries.filter((c) => !ours.countries.includes(c)),
      })
    } else if (creates) {
      zones.push({
        lane,
        action: "create",
        id: null,
        name: freeName(
          `${location.name} – ${LANE_LABEL[lane]}`,
          taken.zones,
          location.id
        ),
        countries,
        add_countries: [],
      })
    }
    const zoneCountries = uniq([
      ...(zones.find((z) => z.lane === lane)?.countries ?? []),
      ...(zones.find((z) => z.lane === lane)?.add_countries ?? []),
    ])
    for (const o of here) {
      const left = zoneCountries.filter((c) => !o.countries.includes(c))
      if (left.length && o.status === "create")
        notes.push(
          `“${o.name}” cannot ship to ${left.map(upper).join(", ")}: shoppers there see it in the ${LANE_LABEL[lane].toLowerCase()} zone of “${location.name}” and checkout refuses it in words.`
        )
    }
  }

  notes.push(...unservedNotes(draft, options, zones))

  let fulfillmentSet: LocationPlan["fulfillment_set"] = null
  const zoneSet = sets.find((s) =>
    s.service_zones.some((z) => zones.some((p) => p.id === z.id))
  )
  const chosen =
    zoneSet ??
    sets.find((s) => markerOf(s.metadata)?.location_id === location.id) ??
    sets.find((s) => s.type === "shipping")
  if (chosen)
    fulfillmentSet = { action: "exists", id: chosen.id, name: chosen.name }
  else if (zones.some((z) => z.action === "create"))
    fulfillmentSet = {
      action: "create",
      id: null,
      name: freeName(`${location.name} shipping`, taken.sets, location.id),
    }

  const active = live.length > 0
  const providerLink: LocationPlan["provider_link"] =
    !active || location.provider_ids.includes(snapshot.provider_id)
      ? "exists"
      : "create"
  let salesChannel: LocationPlan["sales_channel_link"] = null
  if (location.sales_channel_ids.length)
    salesChannel = {
      action: "exists",
      sales_channel_id: location.sales_channel_ids[0]!,
    }
  else if (active && snapshot.default_sales_channel_id)
    salesChannel = {
      action: "create",
      sales_channel_id: snapshot.default_sales_channel_id,
    }
  else if (active)
    missing.push(
      `Stock location “${location.name}” is in no sales channel and the store has no default one: add it to a sales channel (Settings → Locations → ${location.name} → Sales channels); shoppers only see options of locations in their sales channel.`
    )

  return {
    blocking: missing,
    amounts,
    plan: {
      id: location.id,
      name: location.name,
      country_code: location.country_code?.toLowerCase() ?? null,
      provider_link: providerLink,
      sales_channel_link: salesChannel,
      fulfillment_set: fulfillmentSet,
      zones,
      options,
    },
    notes,
  }
}

/** Region countries no option serves on a lane, with each service's reason; not blocking. */
function unservedNotes(
  draft: LocationDraft,
  options: OptionPlan[],
  zones: ZonePlan[]
): string[] {
  const { location } = draft
  if (!options.some((o) => o.status !== "not_offered")) return []
  const notes: string[] = []
  for (const lane of ["domestic", "cross-border"] as const) {
    const here = draft.drafts
      .map((d, i) => ({ draft: d, option: options[i]! }))
      .filter(({ draft: d }) => d.lane === lane)
    const zone = zones.find((z) => z.lane === lane)
    const served = new Set(
      [
        ...(zone?.countries ?? []),
        ...(zone?.add_countries ?? []),
        ...here
          .filter(({ option }) => option.status !== "not_offered")
          .flatMap(({ option }) => option.countries),
      ].map(upper)
    )
    const laneCountries = uniq(
      here.flatMap(({ draft: d }) => [
        ...d.refused.keys(),
        ...d.countries.map(upper),
      ])
    )
    const unserved = laneCountries.filter((c) => !served.has(c)).sort()
    const byReasons = new Map<string, string[]>()
    for (const country of unserved) {
      const reasons = here
        .map(
          ({ draft: d, option }) =>
            `${option.name}${option.is_return ? " (return)" : ""}: ${d.refused.get(country) ?? option.reason ?? "not offered"}`
        )
        .join("; ")
      byReasons.set(reasons, [...(byReasons.get(reasons) ?? []), country])
    }
    for (const [reasons, countries] of byReasons)
      notes.push(
        `No shipping option from “${location.name}” serves ${list(countries)} (${LANE_LABEL[lane].toLowerCase()}), a country of your regions: shoppers there are offered none of this plugin's options from it — ${reasons}.`
      )
  }
  return notes
}
