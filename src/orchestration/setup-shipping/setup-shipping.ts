import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { ShippingActionError, actionErrorOf } from "../../lib/action-error"
import { messageOf } from "../../lib/errors"
import { withLock, type LockingLike } from "../../lib/locking"
import { pluginClient } from "../../lib/plugin-client"
import { unknownFlatServices } from "../../lib/setup-shipping/flat-amounts"
import { laneProblemWords } from "../../lib/setup-shipping/lane-words"
import {
  createsAnything,
  planShippingSetup,
  probeQuestions,
} from "../../lib/setup-shipping/plan"
import {
  rateProbe,
  ratedServices,
  type ProbeAnswer,
} from "../../lib/setup-shipping/rate-probe"
import type {
  LaneCheck,
  ProbeQuestion,
  SetupInput,
  SetupPlan,
  SetupSnapshot,
  SnapshotLocation,
} from "../../lib/setup-shipping/types"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import type { PluginOptions } from "../../options/schema"
import {
  PROVIDER_IDENTIFIER,
  SHIPPING_SERVICES_MODULE,
} from "../../options/resolve"
import { findService } from "../../providers/shipping-services/fulfillment-options"
import {
  fromMedusaAddress,
  type MedusaAddressLike,
} from "../../providers/shipping-services/mapping/address"
import { laneViolations } from "../../providers/shipping-services/mapping/lane"
import type { Address } from "../../shipping-api/schemas/address"
import {
  setupShippingWorkflow,
  type SetupShippingResult,
} from "../../workflows/setup-shipping"
import { setupActionsOf } from "./actions"

/** The provider id Medusa gives this plugin's provider (`<identifier>_<id>`, README's config). */
export const SETUP_PROVIDER_ID = `${PROVIDER_IDENTIFIER}_${PROVIDER_IDENTIFIER}`

const LOCK_KEY = "shipping-services:setup-shipping"
/** A rates question the service does not answer within this is answered "no price" (flat). */
const PROBE_TIMEOUT_MS = 10_000
const PRODUCTS_READ = 10_000
const SAMPLE = 10

export type SetupApplyResult = {
  applied: boolean
  plan: SetupPlan
  created: SetupShippingResult | null
}

/** The setup's refusal: the plan says what is missing, in words; nothing was created. */
export class SetupNotReadyError extends ShippingActionError {
  constructor(readonly plan: SetupPlan) {
    super(`Nothing was set up: ${plan.missing.join(" ")}`, 400, "invalid_data")
  }
}

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

const laneCheck =
  (options: PluginOptions): LaneCheck =>
  (service, lane) =>
    laneViolations(service, options, lane).map(laneProblemWords)

/**
 * What the plan needs of the store, read through Medusa's Query: regions and their countries,
 * stock locations with their address, providers, sales channels, fulfillment sets, zones and
 * options, the default shipping profile and sales channel, names already taken, and products
 * outside the default shipping profile. Location addresses are returned apart (the probes use them).
 */
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

/** Asks the rates operation each question (bounded by the client's own concurrency limit). */
async function askRates(
  options: PluginOptions,
  logger: Logger,
  questions: ProbeQuestion[],
  addresses: Map<string, MedusaAddressLike>
): Promise<Map<string, ProbeAnswer>> {
  const client = pluginClient(options, logger)
  const answers = new Map<string, ProbeAnswer>()
  await Promise.all(
    questions.map(async (q) => {
      const service = findService(options, { id: q.service })!
      const location = fromMedusaAddress(addresses.get(q.location_id)!, {
        residential: false,
      }) as Address
      const abroad = (country: string): Address => ({
        countryCode: country,
        addressLines: [],
        stateProvince: "",
      })
      const home = location.countryCode
      const from = q.from_country === home ? location : abroad(q.from_country)
      const to = q.to_country === home ? location : abroad(q.to_country)
      const probe = rateProbe(service, options, from, to)
      let timer: NodeJS.Timeout | undefined
      try {
        const answer = await Promise.race([
          client.getRates(probe.request, {
            includeDeliveryCommitment: probe.includeDeliveryCommitment,
            apac: probe.apac,
          }),
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () =>
                reject(
                  new Error(`no answer within ${PROBE_TIMEOUT_MS / 1000} s`)
                ),
              PROBE_TIMEOUT_MS
            )
          }),
        ])
        answers.set(q.key, ratedServices(answer))
      } catch (error) {
        answers.set(q.key, { ok: false, message: messageOf(error) })
      } finally {
        clearTimeout(timer)
      }
    })
  )
  return answers
}

function checkInput(options: PluginOptions, input: SetupInput): void {
  const unknown = unknownFlatServices(
    input.flat_amounts ?? [],
    options.services
  )
  if (unknown.length)
    throw new ShippingActionError(unknown.join("; "), 400, "invalid_data")
}

/** What the setup would create and what exists (the preview; the apply runs the same plan). */
export async function previewShippingSetup(
  container: MedusaContainer,
  input: SetupInput = {}
): Promise<SetupPlan> {
  const shipping: ShippingServicesModuleService = container.resolve(
    SHIPPING_SERVICES_MODULE
  )
  const options = shipping.getOptions()
  checkInput(options, input)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const { snapshot, addresses } = await readSetupSnapshot(container)
  const check = laneCheck(options)
  const questions = probeQuestions(snapshot, options, input, check)
  const answers = await askRates(options, logger, questions, addresses)
  return planShippingSetup(snapshot, options, input, check, answers)
}

/**
 * Plans again and creates what the plan says, under a lock (two admins, or the command and an
 * admin, never create twice: the second plans after the first and finds everything). A plan
 * that is not ready is refused in words (SetupNotReadyError) and nothing is created.
 */
export async function applyShippingSetup(
  container: MedusaContainer,
  input: SetupInput = {}
): Promise<SetupApplyResult> {
  const shipping: ShippingServicesModuleService = container.resolve(
    SHIPPING_SERVICES_MODULE
  )
  const options = shipping.getOptions()
  checkInput(options, input)
  const locking = container.resolve<LockingLike>(Modules.LOCKING)
  const outcome = await withLock(
    locking,
    LOCK_KEY,
    async (): Promise<SetupApplyResult> => {
      const plan = await previewShippingSetup(container, input)
      if (!plan.ready) throw new SetupNotReadyError(plan)
      if (!createsAnything(plan)) return { applied: false, plan, created: null }
      try {
        const { result } = await setupShippingWorkflow(container).run({
          input: setupActionsOf(plan, options),
        })
        return { applied: true, plan, created: result }
      } catch (error) {
        throw actionErrorOf(error, "Nothing was set up")
      }
    },
    { timeout: 60, expire: 120, whenHeld: "busy" }
  )
  if (outcome === "busy")
    throw new ShippingActionError(
      "Another shipping setup is running: try again in a minute.",
      409,
      "conflict"
    )
  return outcome
}
