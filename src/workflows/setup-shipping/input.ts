// Every id resolved; built from the plan.
type Metadata = Record<string, unknown>

export type SetupShippingOptionInput = {
  /** By id when it exists, by name when this run creates it (names are unique). */
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

/** Every id resolved but those made earlier in the same run. */
export type SetupShippingWorkflowInput = {
  shipping_profile: { id: string } | { create: { name: string } }
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

/** Only what the plan says to create; option `data` and rules as Medusa's admin sets them. Pure. */
