import type { ServiceOption } from "../../options/schema"
import type { ProbeAnswer } from "./rate-probe"

export const SETUP_LANES = ["domestic", "cross-border"] as const
export type SetupLane = (typeof SETUP_LANES)[number]

/** No stock locations: every one. */
export type SetupInput = {
  location_ids?: string[]
  flat_amounts?: FlatAmount[]
}

/** The most specific entry wins; an amount for a calculable service makes its option flat. */
export type FlatAmount = {
  service: string
  lane?: SetupLane
  currency_code?: string
  amount: number
}

/** Never a secret. */
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
  /** data.id, when the provider is this plugin's. */
  service: string | null
  is_return: boolean
  /** No `enabled_in_store` rule, or one saying "true". */
  in_store: boolean
  metadata: Record<string, unknown> | null
}

export type SnapshotZone = {
  id: string
  name: string
  metadata: Record<string, unknown> | null
  /** Lower-case ISO 3166-1 codes of its country geo zones. */
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
  /** Lower case; null without an address country. */
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

export type SetupSnapshot = {
  provider_id: string
  provider_enabled: boolean
  regions: SnapshotRegion[]
  locations: SnapshotLocation[]
  default_shipping_profile: { id: string; name: string } | null
  default_sales_channel_id: string | null
  /** Unique in Medusa. */
  taken_names: { fulfillment_sets: string[]; service_zones: string[] }
  products: {
    /** Up to a sample. */
    without_profile: NamedProduct[]
    without_profile_count: number
    in_other_profiles_count: number
    other_profiles: string[]
  }
}

export type ProbeQuestion = {
  key: string
  location_id: string
  service: string
  lane: SetupLane
  /** Upper case, as the parcel travels (a return comes to the location). */
  from_country: string
  to_country: string
}

export type ProbeAnswers = ReadonlyMap<string, ProbeAnswer>

/** Injected: the provider's lane mapping. */
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
  /** `foreign`: an option the setup did not make already offers this service there (left as it is). */
  status: "create" | "exists" | "foreign" | "not_offered"
  id: string | null
  /** Lower case. */
  countries: string[]
  price_type: "calculated" | "flat" | null
  /** One per currency of the countries' regions. */
  prices: { currency_code: string; amount: number }[]
  /** Lower case. */
  amounts_needed: string[]
  /** Lower case, from the rates operation. */
  rate_currency: string | null
  /** In words. */
  reason: string | null
  /** False at a second warehouse beside one already offering the service there; null: not offered. */
  in_store: boolean | null
}

export type ZonePlan = {
  lane: SetupLane
  action: Action
  id: string | null
  name: string
  countries: string[]
  /** A region gained a country. */
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
  /** No word in `missing`. */
  ready: boolean
  /** In words, the amounts to type included; anything here means nothing is created. */
  missing: string[]
  /** The part of `missing` that typing flat amounts does not settle. */
  blocking: string[]
  /** Not blocking. */
  notes: string[]
  shipping_profile: { action: Action; id: string | null; name: string } | null
  locations: LocationPlan[]
  /** Links, fulfillment sets, zones, countries added, options (and a profile). */
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
