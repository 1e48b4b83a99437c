import { appPluginOptions } from "../../../../dev/app-options"
import { parsePluginOptions } from "../../../options/parse"
import type { PluginOptions } from "../../../options/schema"
import { laneViolations } from "../../../providers/shipping-services/mapping/lane"
import { CARRIER_OF_VARIANT } from "../../../shipping-api/constants"
import { laneProblemWords } from "../lane-words"
import { markerMetadata } from "../marker"
import type { ProbeAnswer } from "../rate-probe"
import type {
  LaneCheck,
  ProbeQuestion,
  SetupSnapshot,
  SnapshotLocation,
} from "../types"

/** The development app's options: six services, one per variant and a return (dev/app-options.ts). */
export const options: PluginOptions = parsePluginOptions(appPluginOptions({}))

/** The plugin's own lane rules, as the orchestration injects them. */
export const laneCheck: LaneCheck = (service, lane) =>
  laneViolations(service, options, lane).map(laneProblemWords)

export const PROVIDER = "shipping-services_shipping-services"

export function location(
  over: Partial<SnapshotLocation> = {}
): SnapshotLocation {
  return {
    id: "sloc_1",
    name: "Shelton warehouse",
    country_code: "us",
    provider_ids: [],
    sales_channel_ids: [],
    fulfillment_sets: [],
    ...over,
  }
}

export function snapshot(over: Partial<SetupSnapshot> = {}): SetupSnapshot {
  return {
    provider_id: PROVIDER,
    provider_enabled: true,
    regions: [
      { id: "reg_us", name: "US", currency_code: "usd", countries: ["us"] },
      {
        id: "reg_int",
        name: "International",
        currency_code: "usd",
        countries: ["gb", "de", "fr", "ca"],
      },
    ],
    locations: [location()],
    default_shipping_profile: null,
    default_sales_channel_id: "sc_default",
    taken_names: { fulfillment_sets: [], service_zones: [] },
    products: {
      without_profile: [],
      without_profile_count: 0,
      in_other_profiles_count: 0,
      other_profiles: [],
    },
    ...over,
  }
}

/**
 * What the rates operation answers with serviceId left out, as the sandbox does
 * (packages/sandbox/src/rates/services.ts): the carrier's services for the lane, in USD.
 */
const RATED: Record<string, { domestic: string[]; abroad: string[] }> = {
  POSTAL: {
    domestic: ["PM", "EM", "UGA", "PS"],
    abroad: ["PM", "EMI", "FCMI", "FCPIS"],
  },
  CARRIER_A: { domestic: ["NDA_AM", "NDA"], abroad: ["XPP"] },
  STANDARD: { domestic: ["PRCLSEL"], abroad: ["PRCLSEL"] },
  XBORDER: { domestic: [], abroad: ["XBXPE", "XBXPS", "XBXUS"] },
}

export function sandboxAnswers(
  questions: readonly ProbeQuestion[],
  override: (q: ProbeQuestion) => ProbeAnswer | undefined = () => undefined,
  opts: PluginOptions = options
): Map<string, ProbeAnswer> {
  return new Map(
    questions.map((q) => {
      const service = opts.services.find((s) => s.id === q.service)!
      const rated =
        RATED[CARRIER_OF_VARIANT[service.variant]]![
          q.from_country === q.to_country ? "domestic" : "abroad"
        ]
      return [
        q.key,
        override(q) ?? {
          ok: true,
          rated: rated.map((service_id) => ({ service_id, currency: "USD" })),
        },
      ]
    })
  )
}

/** The store as the setup leaves it (what a first apply of the default plan creates), marked. */
export function setUpLocation(
  services: { service: string; lane: "domestic" | "cross-border" }[]
): SnapshotLocation {
  const option = (
    service: string,
    lane: "domestic" | "cross-border",
    i: number
  ) => ({
    id: `so_${lane}_${i}`,
    name: service,
    provider_id: PROVIDER,
    service,
    is_return: service.startsWith("postal-return"),
    in_store: true,
    metadata: markerMetadata({ location_id: "sloc_1", lane, service }),
  })
  return location({
    provider_ids: [PROVIDER],
    sales_channel_ids: ["sc_default"],
    fulfillment_sets: [
      {
        id: "fuset_1",
        name: "Shelton warehouse shipping",
        type: "shipping",
        metadata: markerMetadata({ location_id: "sloc_1" }),
        service_zones: (["domestic", "cross-border"] as const).map((lane) => ({
          id: `serzo_${lane}`,
          name: `Shelton warehouse – ${lane}`,
          metadata: markerMetadata({ location_id: "sloc_1", lane }),
          countries: lane === "domestic" ? ["us"] : ["ca", "de", "fr", "gb"],
          options: services
            .filter((s) => s.lane === lane)
            .map((s, i) => option(s.service, lane, i)),
        })),
      },
    ],
  })
}

/** What the development options set up from a U.S. warehouse for U.S. and international regions. */
export const DEFAULT_SETUP = [
  { service: "postal-ground", lane: "domestic" },
  { service: "postal-priority", lane: "domestic" },
  { service: "standard", lane: "domestic" },
  { service: "carrier-account", lane: "domestic" },
  { service: "postal-return", lane: "domestic" },
  { service: "postal-return-qr", lane: "domestic" },
  { service: "postal-priority", lane: "cross-border" },
  { service: "cross-border", lane: "cross-border" },
] as const
