import type { PluginOptions, ServiceOption } from "../../options/schema"
import { flatAmountFor, hasFlatAmount } from "./flat-amounts"
import { markerOf } from "./marker"
import type {
  LaneCheck,
  LocationPlan,
  OptionPlan,
  ProbeAnswers,
  ProbeQuestion,
  SetupInput,
  SetupLane,
  SetupPlan,
  SetupSnapshot,
  SnapshotLocation,
  SnapshotOption,
  ZonePlan,
} from "./types"

/**
 * The one-action shipping setup, planned from a snapshot of what exists: the preview shows this
 * plan and the apply runs it (src/workflows/setup-shipping), so both always agree. Planning is
 * pure and in two passes: `probeQuestions` names the rates questions the plan needs (one per
 * location, service and lane not set up yet), the orchestration asks them, and
 * `planShippingSetup` decides with the answers.
 *
 * Per stock location: the domestic lane is its own country, the cross-border lane every other
 * country of the store's regions. A service is offered on a lane's countries that the documents'
 * lane rules allow (injected: `laneCheck`) and whose rates answer names it; its option is
 * calculated when the service prices it in the currency of every region of those countries, flat
 * otherwise (with amounts the merchant types). What blocks the setup is said in words in
 * `missing`, and then nothing is created.
 */

export const LANE_LABEL: Record<SetupLane, string> = {
  domestic: "Domestic",
  "cross-border": "Cross-border",
}

const DEFAULT_PROFILE_NAME = "Default Shipping Profile"
const SAMPLE = 10

type Draft = {
  service: ServiceOption
  lane: SetupLane
  countries: string[]
  /** The lane's countries the documents' lane rules refuse for this service, with why (upper case). */
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

type LocationDraft = {
  location: SnapshotLocation
  drafts: Draft[]
  missing: string[]
  notes: string[]
}

const upper = (c: string) => c.toUpperCase()
const list = (xs: readonly string[]) =>
  xs.length > SAMPLE
    ? `${xs.slice(0, SAMPLE).join(", ")} and ${xs.length - SAMPLE} more`
    : xs.join(", ")
const uniq = <T>(xs: readonly T[]) => [...new Set(xs)]

/** Why countries were refused, grouped by message; the first few when every country has its own. */
function refusals(refused: Map<string, string[]>): string {
  const groups = [...refused].map(([message, cs]) => `${list(cs)}: ${message}`)
  const shown = groups.slice(0, 3)
  const more = [...refused.values()].slice(3).flat().length
  return `${shown.join("; ")}${more ? `; and ${more} more countr${more === 1 ? "y" : "ies"}` : ""}`
}

function regionCurrencies(snapshot: SetupSnapshot): Map<string, string> {
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

function optionsOfLocation(location: SnapshotLocation) {
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

function drafts(
  snapshot: SetupSnapshot,
  options: PluginOptions,
  input: SetupInput,
  laneCheck: LaneCheck
) {
  const { locations, missing } = selectedLocations(snapshot, input)
  // Beside a warehouse that has its address, one without is named and left out; alone, it
  // blocks (nothing could be set up).
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

/** A stock location without an address, beside others that have theirs, in words. */
function bareLocationNote(location: SnapshotLocation): string {
  const reserved = location.sales_channel_ids.length
    ? "Checkout refuses, in words, the items Medusa reserves there rather than ship them from another warehouse's address"
    : "It is in no sales channel, so Medusa reserves no stock there"
  return `Stock location “${location.name}” has no address with a country: nothing is set up from it (give it its address: Settings → Locations → ${location.name} → Edit, then set up shipping again). ${reserved}.`
}

/** The rates questions a plan needs (none for what exists or cannot ship). Pure. */
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

function decide(
  draft: Draft,
  answers: ProbeAnswers,
  input: SetupInput,
  currencies: Map<string, string>
): OptionPlan {
  const { service, lane } = draft
  // Whether shoppers see it is decided over every location at once (storeVisibility).
  const base = {
    service: service.id,
    name: service.name,
    is_return: service.isReturn,
    lane,
    in_store: null,
  }
  if (draft.decided)
    return {
      ...base,
      ...draft.decided,
      prices: [],
      amounts_needed: [],
      rate_currency: null,
    }
  const question = draft.question!
  const answer = answers.get(question.key) ?? {
    ok: false as const,
    message: "it was not asked",
  }
  const needed = uniq(draft.countries.map((c) => currencies.get(c)!)).sort()
  const typed = input.flat_amounts ?? []
  let reason: string
  let rateCurrency: string | null = null
  if (!answer.ok) {
    reason = `the rates operation gave no price from ${question.from_country} to ${question.to_country} (${answer.message}), so its price cannot be calculated`
  } else {
    const rated = answer.rated.find((r) => r.service_id === service.serviceId)
    if (!rated)
      return {
        ...base,
        status: "not_offered",
        id: null,
        countries: [],
        price_type: null,
        prices: [],
        amounts_needed: [],
        rate_currency: null,
        reason: `the service rates no ${service.serviceId} from ${question.from_country} to ${question.to_country} (it rates ${answer.rated.map((r) => r.service_id).join(", ") || "nothing"} there)`,
      }
    rateCurrency = rated.currency?.toLowerCase() ?? null
    if (hasFlatAmount(typed, service.id, lane, needed)) {
      reason = "a flat amount was typed for it"
    } else if (rateCurrency && needed.some((c) => c !== rateCurrency)) {
      const others = needed.filter((c) => c !== rateCurrency).map(upper)
      reason = needed.includes(rateCurrency)
        ? `the service prices it in ${upper(rateCurrency)}, and some of its countries are in regions in ${others.join(", ")}: a calculated price works in ${upper(rateCurrency)} only`
        : `the service prices it in ${upper(rateCurrency)} and no region of its countries is in ${upper(rateCurrency)}: add a region in ${upper(rateCurrency)} to calculate its price, or type a flat amount in ${others.join(", ")}`
    } else {
      return {
        ...base,
        status: "create",
        id: null,
        countries: draft.countries,
        price_type: "calculated",
        prices: [],
        amounts_needed: [],
        rate_currency: rateCurrency,
        reason: null,
      }
    }
  }
  const prices: OptionPlan["prices"] = []
  const amountsNeeded: string[] = []
  for (const currency of needed) {
    const amount = flatAmountFor(typed, service.id, lane, currency)
    if (amount === undefined) amountsNeeded.push(currency)
    else prices.push({ currency_code: currency, amount })
  }
  return {
    ...base,
    status: "create",
    id: null,
    countries: draft.countries,
    price_type: "flat",
    prices,
    amounts_needed: amountsNeeded,
    rate_currency: rateCurrency,
    reason,
  }
}

/** A name not taken yet (fulfillment set and service zone names are unique in Medusa). */
function freeName(wanted: string, taken: Set<string>, suffix: string): string {
  let name = taken.has(wanted) ? `${wanted} (${suffix})` : wanted
  for (let i = 2; taken.has(name); i++) name = `${wanted} (${suffix} ${i})`
  taken.add(name)
  return name
}

function planLocation(
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

/**
 * The regions' countries that no option of a location serves on a lane (every service refused
 * them, or is not offered there), named with each service's reason: the plan would otherwise
 * leave them out of its zones without a word (a euro region's country left out of cross-border,
 * whose customs are declared in the origin's currency). Not blocking: the merchant may ship
 * them another way. Nothing is said when the location ships nothing (that blocks already).
 */
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
    // Countries with the same reasons are named together.
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

type Offer = {
  service: string
  is_return: boolean
  countries: Set<string>
  channels: Set<string>
  where: string
}

/**
 * Whether shoppers see each option (`in_store`), over every location at once. Shoppers are
 * offered the options of every stock location of their sales channel whose zone holds their
 * country: a second warehouse's option of a service the shop already offers there would list it
 * twice. Such an option is made for the admin only (`enabled_in_store: "false"`): checkout prices
 * every item from the warehouse Medusa reserves it at whichever option was chosen, and the admin
 * fulfils from the second warehouse with its option. Options that exist keep what they have.
 * The first location (in the store's order) with the service keeps it in the store. Returns the
 * notes saying so. Mutates the plans' options.
 */
function storeVisibility(
  snapshot: SetupSnapshot,
  locations: LocationPlan[]
): string[] {
  const channelsOf = (id: string, link: LocationPlan["sales_channel_link"]) =>
    new Set([
      ...(snapshot.locations.find((l) => l.id === id)?.sales_channel_ids ?? []),
      ...(link ? [link.sales_channel_id] : []),
    ])
  const existing = new Map(
    snapshot.locations.flatMap((l) =>
      optionsOfLocation(l).map(({ option }) => [option.id, option] as const)
    )
  )
  const offers: Offer[] = snapshot.locations.flatMap((l) =>
    optionsOfLocation(l)
      .filter(
        ({ option }) =>
          option.in_store &&
          option.service &&
          option.provider_id === snapshot.provider_id
      )
      .map(({ zone, option }) => ({
        service: option.service!,
        is_return: option.is_return,
        countries: new Set(zone.countries),
        channels: channelsOf(l.id, null),
        where: `“${option.name}” from “${l.name}”`,
      }))
  )
  const notes: string[] = []
  for (const location of locations) {
    const channels = channelsOf(location.id, location.sales_channel_link)
    for (const o of location.options) {
      if (o.status === "exists" || o.status === "foreign")
        o.in_store = (o.id ? existing.get(o.id)?.in_store : undefined) ?? true
      if (o.status !== "create") continue
      const offered = offers.find(
        (offer) =>
          offer.service === o.service &&
          offer.is_return === o.is_return &&
          o.countries.some((c) => offer.countries.has(c)) &&
          [...channels].some((c) => offer.channels.has(c))
      )
      o.in_store = !offered
      if (offered)
        notes.push(
          `“${o.name}”${o.is_return ? " (return)" : ""} from “${location.name}” (${LANE_LABEL[o.lane].toLowerCase()}) is made for the admin only: ${offered.where} already offers it to shoppers of the same sales channel and countries. Checkout prices each item from the warehouse Medusa reserves it at; fulfil from “${location.name}” with this option.`
        )
      else
        offers.push({
          service: o.service,
          is_return: o.is_return,
          countries: new Set(o.countries),
          channels,
          where: `“${o.name}” from “${location.name}”`,
        })
    }
  }
  return notes
}

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

/** The plan, from the snapshot and the rates answers. Pure. */
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

/** Whether applying the plan would create anything. Pure. */
export function createsAnything(plan: SetupPlan): boolean {
  return Object.values(plan.to_create).some((n) => n > 0)
}
