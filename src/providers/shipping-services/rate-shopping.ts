import { MedusaError } from "@medusajs/framework/utils"
import type { ServiceOption } from "../../options"
import type {
  RatesRequest,
  RatesResponse,
} from "../../shipping-api/schemas/shipment"
import type { Violation } from "../../shipping-api/violation"
import {
  deliveryPromiseOf,
  type DeliveryPromise,
} from "../../lib/quotes/delivery-promise"
import type { Quote, RatedService } from "../../lib/quotes/quote"
import { chooseRate, type RateCandidate } from "../../lib/rate-shopping/choose"
import type {
  ComparedRate,
  RateChoice,
} from "../../lib/rate-shopping/rate-choice"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import type { BuiltShipment } from "./mapping/build-shipment"
import { ratesRequestOf } from "./mapping/fulfillment-input"
import type { PlannedParcel } from "./mapping/plan"
import { serviceAwayError, toMedusaError } from "./medusa-error"
import { noteIfAway } from "./purchase"

/** Without serviceId for a rate-shopping option. */
export function ratesRequestFor(
  service: ServiceOption,
  built: BuiltShipment
): RatesRequest {
  const request = ratesRequestOf(built.request)
  if (!service.rateShopping) return request
  const { serviceId: _any, ...entry } = request.rates[0]!
  return { ...request, rates: [entry] }
}

/** The builder puts serviceId in rates[0] only. */
export function withService(
  built: BuiltShipment,
  serviceId: string
): BuiltShipment {
  const [entry, ...rest] = built.request.rates
  return {
    ...built,
    request: { ...built.request, rates: [{ ...entry!, serviceId }, ...rest] },
  }
}

/** Every service, the option's own on top. */
export function shoppedQuoteOf(
  service: ServiceOption,
  answer: RatesResponse,
  quotedAt: Date
): Quote {
  const rates: RatedService[] = (answer.rates ?? [])
    .filter((r) => typeof r.serviceId === "string")
    .map((r) => ({
      service_id: r.serviceId!,
      amount: r.totalCarrierCharge ?? null,
      currency: r.currencyCode?.toLowerCase() ?? null,
      commitment:
        (r.deliveryCommitment as Record<string, unknown> | undefined) ?? null,
    }))
  const own =
    rates.find((r) => r.service_id === service.serviceId) ??
    rates.find((r) => r.amount !== null)
  if (own?.amount == null)
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `The shipping service gave no rate for ${service.name}`
    )
  return {
    amount: own.amount,
    currency: own.currency,
    commitment: own.commitment,
    quoted_at: quotedAt.toISOString(),
    rates,
    service_id: own.service_id,
  }
}

/** The client's pre-send check. */
export type RuleCheck = (built: BuiltShipment) => Violation[]

/** Its own first, then `among`, each rated and ruled. */
export function candidatesOf(
  service: ServiceOption,
  parcel: PlannedParcel,
  quote: Quote,
  check: RuleCheck
): RateCandidate[] {
  const ids = [
    ...new Set([service.serviceId, ...(service.rateShopping?.among ?? [])]),
  ]
  return ids.map((id) => {
    const rated = quote.rates?.find((r) => r.service_id === id)
    const broken = check(withService(parcel.built, id))
    const days = Number(rated?.commitment?.maxEstimatedNumberOfDays)
    return {
      service_id: id,
      amount: rated?.amount ?? null,
      currency: rated?.currency ?? null,
      delivery: rated
        ? deliveryPromiseOf(rated.commitment, new Date(quote.quoted_at))
        : null,
      delivery_days: Number.isInteger(days) ? days : null,
      broken: broken.length
        ? broken.map((v) => `${v.message} [${v.rule}]`).join("; ")
        : null,
    }
  })
}

/** At checkout: no promise yet. */
function choose(
  service: ServiceOption,
  parcel: PlannedParcel,
  quote: Quote,
  check: RuleCheck,
  currency: string | null | undefined,
  promise: DeliveryPromise | null = null,
  promisedServiceId: string | null = null
) {
  return chooseRate({
    strategy: service.rateShopping!.choose,
    default_service_id: service.serviceId,
    candidates: candidatesOf(service, parcel, quote, check),
    currency,
    promise,
    promised_service_id: promisedServiceId,
  })
}

/** The option's name, and each service's reason. */
function noServiceError(service: ServiceOption, compared: ComparedRate[]) {
  return new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `${service.name}: no service can ship this parcel (${compared
      .map((c) => `${c.service_id}: ${c.refused}`)
      .join("; ")})`
  )
}

/** The cheapest (or fastest) the rules allow, no promise yet; throws in words when none. */
export function checkoutChoice(
  service: ServiceOption,
  parcel: PlannedParcel,
  quote: Quote,
  currency: string | null | undefined,
  check: RuleCheck
): Quote {
  const { choice, compared } = choose(service, parcel, quote, check, currency)
  const rated = quote.rates?.find(
    (r) => r.service_id === choice?.chosen_service_id
  )
  if (!rated || rated.amount === null) throw noServiceError(service, compared)
  return {
    amount: rated.amount,
    currency: rated.currency,
    commitment: rated.commitment,
    quoted_at: quote.quoted_at,
    service_id: rated.service_id,
  }
}

export type ShownAtCheckout = {
  promise: DeliveryPromise | null
  service_ids: string[]
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Read defensively. */
export function shownOf(
  data: Record<string, unknown> | null | undefined
): ShownAtCheckout {
  const p = data?.delivery_promise as Partial<DeliveryPromise> | undefined
  const ids = data?.promised_service_ids
  return {
    promise:
      p && typeof p.latest === "string" && DAY.test(p.latest)
        ? {
            earliest: typeof p.earliest === "string" ? p.earliest : p.latest,
            latest: p.latest,
            guaranteed: p.guaranteed === true,
          }
        : null,
    service_ids: Array.isArray(ids)
      ? ids.filter((id): id is string => typeof id === "string")
      : [],
  }
}

export type ShopDeps = {
  journal: () => Pick<
    ShippingServicesModuleService,
    "listShipments" | "availability"
  >
  /** The checkout quote while fresh, else one call. */
  rate: (parcel: PlannedParcel) => Promise<Quote>
  check: RuleCheck
}

export type ShoppedParcel = {
  service: ServiceOption
  built: BuiltShipment
  choice: RateChoice
}

/**
 * The cheapest (or fastest) service keeping the shown promise, else the one that made it. An interrupted
 * parcel keeps its choice on the pending row, so a retry buys the same service without asking rates.
 */
export async function shopParcel(
  deps: ShopDeps,
  input: {
    service: ServiceOption
    parcel: PlannedParcel
    requestKey: string
    currency: string | null | undefined
    promise: DeliveryPromise | null
    promisedServiceId: string | null
  }
): Promise<ShoppedParcel> {
  const { service, parcel } = input
  const [pending] = await deps
    .journal()
    .listShipments(
      { request_key: input.requestKey, status: "pending" },
      { select: ["rate_choice"], order: { created_at: "DESC" }, take: 1 }
    )
  let choice = (pending?.rate_choice as RateChoice | null | undefined) ?? null
  if (!choice) {
    const outage = await deps.journal().availability().outage()
    if (outage) throw serviceAwayError(outage)
    const quote = await deps.rate(parcel).catch(async (error) => {
      await noteIfAway(deps.journal(), error)
      throw toMedusaError(error)
    })
    const found = choose(
      service,
      parcel,
      quote,
      deps.check,
      input.currency,
      input.promise,
      input.promisedServiceId
    )
    if (!found.choice) throw noServiceError(service, found.compared)
    choice = found.choice
  }
  const id = choice.chosen_service_id
  return {
    service: { ...service, serviceId: id },
    built: withService(parcel.built, id),
    choice,
  }
}
