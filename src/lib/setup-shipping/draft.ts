import type { PluginOptions, ServiceOption } from "../../options/schema"
import { markerOf } from "./marker"
import { upper, uniq, refusals } from "./words"
import type {
  LaneCheck,
  OptionPlan,
  ProbeQuestion,
  SetupInput,
  SetupLane,
  SetupSnapshot,
  SnapshotLocation,
  SnapshotOption,
} from "./types"

export type Draft = {
  service: ServiceOption
  lane: SetupLane
  countries: string[]
  /** Upper case, with why. */
  refused: Map<string, string>
  /** Set when the draft is decided without the rates operation. */
  decided?: Omit<
    OptionPlan,
    | "service"
    | "name"
    | "is_return"
    | "lane"
    | "prices"
    | "amounts_needed"
    | "rate_currency"
    | "in_store"
  >
  question?: ProbeQuestion
}

export type LocationDraft = {
  location: SnapshotLocation
  drafts: Draft[]
  missing: string[]
  notes: string[]
}

export function regionCurrencies(snapshot: SetupSnapshot): Map<string, string> {
  const out = new Map<string, string>()
  for (const r of snapshot.regions)
    for (const c of r.countries)
      out.set(c.toLowerCase(), r.currency_code.toLowerCase())
  return out
}

function selectedLocations(
  snapshot: SetupSnapshot,
  input: SetupInput
): { locations: SnapshotLocation[]; missing: string[] } {
  if (!input.location_ids?.length) {
    return {
      locations: snapshot.locations,
      missing: snapshot.locations.length
        ? []
        : [
            "There is no stock location: create one with an address (Settings → Locations); labels are bought from it.",
          ],
    }
  }
  const missing: string[] = []
  const locations: SnapshotLocation[] = []
  for (const id of uniq(input.location_ids)) {
    const found = snapshot.locations.find((l) => l.id === id)
    if (found) locations.push(found)
    else missing.push(`Stock location ${id} does not exist.`)
  }
  return { locations, missing }
}

export function optionsOfLocation(location: SnapshotLocation) {
  return location.fulfillment_sets.flatMap((set) =>
    set.service_zones.flatMap((zone) =>
      zone.options.map((option) => ({ set, zone, option }))
    )
  )
}

function isOurs(option: SnapshotOption): boolean {
  return !!markerOf(option.metadata)?.service
}

function draftLocation(
  snapshot: SetupSnapshot,
  options: PluginOptions,
  location: SnapshotLocation,
  laneCheck: LaneCheck
): LocationDraft {
  const out: LocationDraft = { location, drafts: [], missing: [], notes: [] }
  const home = location.country_code?.toLowerCase()
  if (!home) {
    out.missing.push(
      `Stock location “${location.name}” has no address with a country: give it its address (Settings → Locations → ${location.name} → Edit); the service ships from it.`
    )
    return out
  }
  const currencies = regionCurrencies(snapshot)
  const sold = [...currencies.keys()].sort()
  const lanes: Record<SetupLane, string[]> = {
    domestic: sold.filter((c) => c === home),
    "cross-border": sold.filter((c) => c !== home),
  }
  if (sold.length && !lanes.domestic.length)
    out.notes.push(
      `No region sells to ${upper(home)}, the country of “${location.name}”: nothing domestic is set up from it.`
    )
  const existing = optionsOfLocation(location)
  for (const service of options.services) {
    for (const lane of ["domestic", "cross-border"] as const) {
      const laneCountries = lanes[lane]
      if (!laneCountries.length) continue
      const refused = new Map<string, string[]>()
      const refusedCountries = new Map<string, string>()
      const allowed: string[] = []
      for (const country of laneCountries) {
        const [from, to] = service.isReturn ? [country, home] : [home, country]
        const problems = laneCheck(service, {
          fromCountry: upper(from),
          toCountry: upper(to),
          currencyCode: upper(currencies.get(country)!),
        })
        if (!problems.length) allowed.push(country)
        else refusedCountries.set(upper(country), uniq(problems).join("; "))
        for (const p of uniq(problems))
          refused.set(p, [...(refused.get(p) ?? []), upper(country)])
      }
      const draft: Draft = {
        service,
        lane,
        countries: allowed,
        refused: refusedCountries,
      }
      out.drafts.push(draft)
      const ours = existing.find(({ option }) => {
        const m = markerOf(option.metadata)
        return m?.service === service.id && m.lane === lane
      })
      if (ours) {
        draft.decided = {
          status: "exists",
          id: ours.option.id,
          countries: allowed,
          price_type: null,
          reason: null,
        }
        continue
      }
      if (!allowed.length) {
        draft.decided = {
          status: "not_offered",
          id: null,
          countries: [],
          price_type: null,
          reason: refusals(refused),
        }
        continue
      }
      const foreign = existing.find(
        ({ zone, option }) =>
          !isOurs(option) &&
          option.provider_id === snapshot.provider_id &&
          option.service === service.id &&
          option.is_return === service.isReturn &&
          zone.countries.some((c) => allowed.includes(c))
      )
      if (foreign) {
        draft.decided = {
          status: "foreign",
          id: foreign.option.id,
          countries: allowed,
          price_type: null,
          reason: `“${foreign.option.name}” (${foreign.option.id}), an option the setup did not make, already offers it in the zone “${foreign.zone.name}”: left as it is`,
        }
        continue
      }
      const to = allowed[0]!
      const [from, dest] = service.isReturn ? [to, home] : [home, to]
      draft.question = {
        key: `${location.id}|${service.id}|${lane}`,
        location_id: location.id,
        service: service.id,
        lane,
        from_country: upper(from),
        to_country: upper(dest),
      }
    }
  }
  return out
}

export function drafts(
  snapshot: SetupSnapshot,
  options: PluginOptions,
  input: SetupInput,
  laneCheck: LaneCheck
) {
  const { locations, missing } = selectedLocations(snapshot, input)
  // A location without an address is left out beside others; alone, it blocks.
  const addressed = locations.filter((l) => l.country_code)
  const bare = addressed.length ? locations.filter((l) => !l.country_code) : []
  return {
    missing,
    notes: bare.map(bareLocationNote),
    locations: locations
      .filter((l) => !bare.includes(l))
      .map((l) => draftLocation(snapshot, options, l, laneCheck)),
  }
}

function bareLocationNote(location: SnapshotLocation): string {
  const reserved = location.sales_channel_ids.length
    ? "Checkout refuses, in words, the items Medusa reserves there rather than ship them from another warehouse's address"
    : "It is in no sales channel, so Medusa reserves no stock there"
  return `Stock location “${location.name}” has no address with a country: nothing is set up from it (give it its address: Settings → Locations → ${location.name} → Edit, then set up shipping again). ${reserved}.`
}

/** None for what exists or cannot ship. */
export function probeQuestions(
  snapshot: SetupSnapshot,
  options: PluginOptions,
  input: SetupInput,
  laneCheck: LaneCheck
): ProbeQuestion[] {
  return drafts(snapshot, options, input, laneCheck).locations.flatMap((l) =>
    l.drafts.flatMap((d) => (d.question ? [d.question] : []))
  )
}
