// What the setup-shipping workflow creates, every id resolved (src/orchestration/setup-shipping/actions.ts builds it from the plan).
type Metadata = Record<string, unknown>

export type SetupShippingOptionInput = {
  /** The zone, by id when it exists, by name when this run creates it (names are unique). */
  service_zone_id?: string
  service_zone_name?: string
  name: string
  provider_id: string
  price_type: "calculated" | "flat"
  prices?: { currency_code: string; amount: number }[]
  data: Record<string, unknown>
  metadata: Metadata
  type: { label: string; description: string; code: string }
  rules: { attribute: string; operator: "eq"; value: string }[]
}

/** What one apply creates, every id resolved but those made earlier in the same run. */
export type SetupShippingWorkflowInput = {
  shipping_profile: { id: string } | { create: { name: string } }
  /** Stock location ↔ fulfillment provider and sales channel ↔ stock location links. */
  links: Record<string, Record<string, string>>[]
  fulfillment_sets: { location_id: string; name: string; metadata: Metadata }[]
  service_zones: {
    name: string
    fulfillment_set_id?: string
    fulfillment_set_name?: string
    countries: string[]
    metadata: Metadata
  }[]
  geo_zones: { service_zone_id: string; country_code: string }[]
  shipping_options: SetupShippingOptionInput[]
}

/**
 * The workflow's input from a ready plan: only what the plan says to create. Shipping options
 * carry the provider's fulfillment option as `data` (what Medusa's admin stores when an option is
 * made by hand) and the setup's marker as `metadata`; rules as Medusa's admin sets them. Pure.
 */
