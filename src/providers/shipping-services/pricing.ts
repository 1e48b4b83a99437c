import { MedusaError } from "@medusajs/framework/utils"
import type { PluginOptions, ServiceOption } from "../../options"
import type { ShippingClient } from "../../shipping-api/client"
import { isServiceAway } from "../../shipping-api/errors"
import {
  combinedPromise,
  deliveryPromiseOf,
  type DeliveryPromise,
} from "../../lib/quotes/delivery-promise"
import {
  fallbackPriceOf,
  unpricedWords,
  type PriceFallback,
} from "../../lib/quotes/fallback"
import type { Quote } from "../../lib/quotes/quote"
import { quoteKeyOf } from "../../lib/quotes/quote-key"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import type { BuiltShipment } from "./mapping/build-shipment"
import { createOptionsOf, type PlannedParcel } from "./mapping/plan"
import { noteIfAway } from "./purchase"
import type { QuotePolicy, Quotes } from "./quotes"
import {
  checkoutChoice,
  ratesRequestFor,
  shoppedQuoteOf,
  type RuleCheck,
} from "./rate-shopping"

/** Checkout's 400 `code` when a calculated option cannot be priced now. */
export const UNPRICED_CODE = "shipping_services_option_unpriced"

/** Live, or an outage fallback. */
export type PriceSource = "live" | "last_quote" | "flat"

export type OptionPrice = {
  amount: number
  source: PriceSource
  /** None for a flat amount. */
  quoted_at: string | null
}

export type PricingDeps = {
  client: () => Pick<ShippingClient, "getRates" | "checkShipment">
  shipments: () => Pick<ShippingServicesModuleService, "availability">
  quotes: Quotes
  policy: QuotePolicy
}

export function quotePolicyOf(
  options: Pick<PluginOptions, "quotes">
): QuotePolicy {
  return {
    ttlMs: options.quotes.ttlSeconds * 1000,
    keepMs: options.quotes.keepHours * 60 * 60_000,
  }
}

const invalid = (message: string) =>
  new MedusaError(MedusaError.Types.INVALID_DATA, message)

/** Rate-shopping options share their key: the answer without serviceId is the same for the same request. */
export function parcelQuoteKey(
  service: ServiceOption,
  parcel: PlannedParcel,
  currency: string | null | undefined
): string {
  return quoteKeyOf({
    serviceId: service.rateShopping
      ? `*${service.apac ? ":apac" : ""}`
      : service.id,
    request: ratesRequestFor(service, parcel.built) as Record<string, unknown>,
    currency,
  })
}

/** Its parcels' keys together. */
export function optionPriceKey(service: ServiceOption, parcelKeys: string[]) {
  return `price:${service.id}:${parcelKeys.join(",")}`
}

/** As the client checks it before sending. */
export function ruleCheck(
  deps: Pick<PricingDeps, "client">,
  service: ServiceOption
): RuleCheck {
  return (built: BuiltShipment) =>
    deps.client().checkShipment(built.request, createOptionsOf(built, service))
}

/** Price and delivery commitment; a rate-shopping option's from the same one call. */
export async function quoteParcel(
  deps: PricingDeps,
  service: ServiceOption,
  parcel: PlannedParcel,
  currency: string | null | undefined
): Promise<Quote> {
  const quote = await ratedParcel(deps, service, parcel, currency)
  return service.rateShopping
    ? checkoutChoice(service, parcel, quote, currency, ruleCheck(deps, service))
    : quote
}

/**
 * Kept for the cart state, or one rates call (with delivery commitment; all carrier services when rate-shopping).
 * Refused in words when priced in another currency than the cart's.
 */
export async function ratedParcel(
  deps: PricingDeps,
  service: ServiceOption,
  parcel: PlannedParcel,
  currency: string | null | undefined
): Promise<Quote> {
  return deps.quotes.quote(
    parcelQuoteKey(service, parcel, currency),
    deps.policy,
    async () => {
      const rates = await deps
        .client()
        .getRates(ratesRequestFor(service, parcel.built), {
          ...createOptionsOf(parcel.built, service),
          includeDeliveryCommitment: true,
        })
      if (service.rateShopping)
        return shoppedQuoteOf(service, rates, new Date())
      const entry =
        rates.rates?.find((r) => r.serviceId === service.serviceId) ??
        (rates.rates?.length === 1 ? rates.rates[0] : undefined)
      if (entry?.totalCarrierCharge === undefined)
        throw invalid(`The shipping service gave no rate for ${service.name}`)
      const rated = entry.currencyCode?.toLowerCase() ?? null
      if (rated && currency && rated !== currency.toLowerCase())
        throw invalid(
          `${service.name} is priced in ${rated.toUpperCase()}, the cart is in ${currency.toUpperCase()}: use a flat price for it`
        )
      return {
        amount: entry.totalCarrierCharge,
        currency: rated,
        commitment:
          (entry.deliveryCommitment as Record<string, unknown> | undefined) ??
          null,
        quoted_at: new Date().toISOString(),
      }
    }
  )
}

/**
 * The service's rates summed to the cent, one call per parcel per cart state. During an outage the option's
 * fallback: last quote, a flat amount, or a shopper's 400 (never a 5xx). Kept under the cart state's key so adding
 * the method can record how it was had.
 */
export async function priceOption(
  deps: PricingDeps,
  service: ServiceOption & { fallbackPrice?: PriceFallback },
  parcels: PlannedParcel[],
  currency: string | null | undefined
): Promise<OptionPrice> {
  const keys = parcels.map((p) => parcelQuoteKey(service, p, currency))
  const price = await livePriceOrNull(deps, service, parcels, currency)
  const chosen: OptionPrice =
    price ??
    (await fallbackPrice(deps, service, parcels, currency).then((fallback) => {
      if ("refused" in fallback)
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          unpricedWords(service.name),
          UNPRICED_CODE
        )
      return {
        amount: fallback.amount,
        source: fallback.source,
        quoted_at: "quoted_at" in fallback ? fallback.quoted_at : null,
      }
    }))
  await deps.quotes.remember(optionPriceKey(service, keys), chosen, deps.policy)
  return chosen
}

async function livePriceOrNull(
  deps: PricingDeps,
  service: ServiceOption,
  parcels: PlannedParcel[],
  currency: string | null | undefined
): Promise<OptionPrice | null> {
  if (await deps.shipments().availability().outage()) return null
  try {
    const quotes = await Promise.all(
      parcels.map((p) => quoteParcel(deps, service, p, currency))
    )
    return {
      // Exact cents: the service prices each label to the cent.
      amount:
        quotes.reduce((sum, q) => sum + Math.round(q.amount * 100), 0) / 100,
      source: "live",
      quoted_at: quotes.map((q) => q.quoted_at).sort()[0] ?? null,
    }
  } catch (error) {
    if (!isServiceAway(error)) throw error
    await noteIfAway(deps.shipments(), error)
    return null
  }
}

async function fallbackPrice(
  deps: PricingDeps,
  service: ServiceOption & { fallbackPrice?: PriceFallback },
  parcels: PlannedParcel[],
  currency: string | null | undefined
) {
  const last = await lastQuotes(deps, service, parcels, currency)
  return fallbackPriceOf(service.fallbackPrice, currency, last)
}

/** However old; a rate-shopping one as its choice. */
function lastQuotes(
  deps: Pick<PricingDeps, "quotes" | "client">,
  service: ServiceOption,
  parcels: PlannedParcel[],
  currency: string | null | undefined
): Promise<(Quote | null)[]> {
  return Promise.all(
    parcels.map(async (parcel) => {
      const q = await deps.quotes.last(
        parcelQuoteKey(service, parcel, currency)
      )
      if (!q || !service.rateShopping) return q
      try {
        return checkoutChoice(
          service,
          parcel,
          q,
          currency,
          ruleCheck(deps, service)
        )
      } catch {
        return null
      }
    })
  )
}

/** How the price was had and the promise, asked of nothing; kept on the shipping method for the admin. */
export async function shownAtCheckout(
  deps: Pick<PricingDeps, "quotes" | "policy" | "client">,
  service: ServiceOption,
  parcels: PlannedParcel[],
  currency: string | null | undefined
): Promise<{
  price: OptionPrice | null
  promise: DeliveryPromise | null
  /** The promise's service per parcel. */
  service_ids: string[] | null
}> {
  const keys = parcels.map((p) => parcelQuoteKey(service, p, currency))
  const [price, quotes] = await Promise.all([
    deps.quotes.recalled<OptionPrice>(optionPriceKey(service, keys)),
    lastQuotes(deps, service, parcels, currency),
  ])
  const ids = quotes.map((q) => q?.service_id)
  return {
    price,
    service_ids:
      service.rateShopping && ids.every((id): id is string => !!id)
        ? ids
        : null,
    promise: quotes.length
      ? combinedPromise(
          quotes.map((q) =>
            q ? deliveryPromiseOf(q.commitment, new Date(q.quoted_at)) : null
          )
        )
      : null,
  }
}
