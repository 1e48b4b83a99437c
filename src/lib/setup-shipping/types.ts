import type { ServiceOption } from "../../options/schema"
import type { ProbeAnswer } from "./rate-probe"

/** The setup's two lanes: to the stock location's own country, and to every other country sold to. */
export const SETUP_LANES = ["domestic", "cross-border"] as const
export type SetupLane = (typeof SETUP_LANES)[number]

/** What the merchant asks: which stock locations (none: every one) and flat prices typed by hand. */
export type SetupInput = {
  location_ids?: string[]
  flat_amounts?: FlatAmount[]
}

/**
 * A flat price typed by the merchant, for one service; narrowed to a lane and/or a currency when
 * given. The most specific entry wins. An amount for a service that could be calculated makes its
 * option flat.
 */
export type FlatAmount = {
  service: string
  lane?: SetupLane
  currency_code?: string
  amount: number
}

/** What the setup marks on what it creates (metadata; never a secret), to know it again. */
export const SETUP_MARKER_KEY = "shipping_services_setup"
export type SetupMarker = {
  service?: string
  lane?: SetupLane
  location_id?: string
  version: 1
}

export type SnapshotOption = {
  id: string
  name: string
  provider_id: string | null
  /** The configured service the option's data names (data.id), when the provider is this plugin's. */
  service: string | null
  is_return: boolean
  /** Shown to shoppers: no `enabled_in_store` rule, or one saying "true". */
  in_store: boolean
  metadata: Record<string, unknown> | null
}

export type SnapshotZone = {
  id: string
  name: string
  metadata: Record<string, unknown> | null
  /** Lower-case ISO 3166-1 codes of its country geo zones (other geo zone types are left out). */
  countries: string[]
  options: SnapshotOption[]
}

export type SnapshotFulfillmentSet = {
  id: string
  name: string
  type: string
  metadata: Record<string, unknown> | null
  service_zones: SnapshotZone[]
}

export type SnapshotLocation = {
  id: string
  name: string
  /** Lower case; null when the location has no address or its address no country. */
  country_code: string | null
  provider_ids: string[]
  sales_channel_ids: string[]
  fulfillment_sets: SnapshotFulfillmentSet[]
}

export type SnapshotRegion = {
  id: string
  name: string
  currency_code: string
  countries: string[]
}

export type NamedProduct = { id: string; title: string }

/** What exists, read once before planning (by the setup use case). */
export type SetupSnapshot = {
  provider_id: string
  /** The provider is registered and enabled in the fulfillment module (medusa-config). */
  provider_enabled: boolean
  regions: SnapshotRegion[]
  locations: SnapshotLocation[]
  default_shipping_profile: { id: string; name: string } | null
  default_sales_channel_id: string | null
  /** Fulfillment set and service zone names are unique in Medusa: the names already taken. */
  taken_names: { fulfillment_sets: string[]; service_zones: string[] }
  products: {
    /** Products in no shipping profile (up to a sample) and how many there are. */
    without_profile: NamedProduct[]
    without_profile_count: number
    /** Products in a shipping profile other than the default one, and those profiles' names. */
    in_other_profiles_count: number
    other_profiles: string[]
  }
}

/** One rates question the plan needs answered: from a location, for a service, to a country. */
export type ProbeQuestion = {
  key: string
  location_id: string
  service: string
  lane: SetupLane
  /** Upper-case country codes, as the parcel travels (a return comes to the location). */
  from_country: string
  to_country: string
}

export type ProbeAnswers = ReadonlyMap<string, ProbeAnswer>

/** The documents' rules that depend only on the lane, injected (the provider's lane mapping). */
export type LaneCheck = (
  service: ServiceOption,
  lane: {
    fromCountry: string
    toCountry: string
    currencyCode: string
  }
) => string[]

export type Action = "create" | "exists"

export type OptionPlan = {
  service: string
  name: string
  is_return: boolean
  lane: SetupLane
  /**
   * create: the setup makes it; exists: the setup made it before; foreign: an option it did not
   * make already offers this service there (left as it is); not_offered: the service does not
   * ship this lane (reason says why).
   */
  status: "create" | "exists" | "foreign" | "not_offered"
  id: string | null
  /** The countries of the lane this option serves (lower case). */
  countries: string[]
  price_type: "calculated" | "flat" | null
  /** Flat prices, one per currency of the countries' regions. */
  prices: { currency_code: string; amount: number }[]
  /** Currencies a flat amount must still be typed for (lower case). */
  amounts_needed: string[]
  /** The currency the service prices this lane in, from the rates operation (lower case). */
  rate_currency: string | null
  /** Why the option is flat, foreign or not offered, in words. */
  reason: string | null
  /**
   * Shown to shoppers (Medusa's `enabled_in_store` rule). False for an option made at a second
   * warehouse beside one that already offers the service to the same sales channel and
   * countries: shoppers see the service once, admins fulfill from either. Null: not offered.
   */
  in_store: boolean | null
}

export type ZonePlan = {
  lane: SetupLane
  action: Action
  id: string | null
  name: string
  countries: string[]
  /** Countries added to a zone the setup made before (a region gained a country). */
  add_countries: string[]
}

export type LocationPlan = {
  id: string
  name: string
  country_code: string | null
  provider_link: Action
  sales_channel_link: { action: Action; sales_channel_id: string } | null
  fulfillment_set: { action: Action; id: string | null; name: string } | null
  zones: ZonePlan[]
  options: OptionPlan[]
}

export type SetupPlan = {
  provider_id: string
  /** Nothing blocks the apply: no word in `missing`. */
  ready: boolean
  /** What must change before anything is created, in words (the amounts to type included). */
  missing: string[]
  /** The part of `missing` that typing flat amounts does not settle. */
  blocking: string[]
  /** What the merchant should know but does not block the setup, in words. */
  notes: string[]
  shipping_profile: { action: Action; id: string | null; name: string } | null
  locations: LocationPlan[]
  /** What an apply creates: links, fulfillment sets, zones, countries added, options (and a profile). */
  to_create: {
    shipping_profile: number
    provider_links: number
    sales_channel_links: number
    fulfillment_sets: number
    service_zones: number
    geo_zones: number
    shipping_options: number
  }
}
