import type { PluginOptions, ServiceOption } from "../../options/schema"
import { serviceRequestParts } from "../../options/service-request"
import {
  DIMENSION_UNIT,
  POSTAL_WEIGHT_UNIT,
} from "../../shipping-api/constants"
import type { Address } from "../../shipping-api/schemas/address"
import type {
  RatesRequest,
  RatesResponse,
} from "../../shipping-api/schemas/shipment"
import { VARIANT_TRAITS } from "../../shipping-api/variant-traits"

/**
 * The question the setup asks the rates operation (doc 4) for one service and lane: "what do you
 * rate from this stock location to this country?". The rates entry leaves serviceId out, so the
 * service answers every service of the carrier it rates on that lane ("Omitting serviceId rates
 * every service of that carrier"); whether the configured service is among them, and in which
 * currency, decides where the service is offered and whether its price can be calculated. The
 * parcel is a sample (1 lb, 10 × 8 × 4 in): the answer's amounts are not used.
 */
export type RateProbe = {
  request: RatesRequest
  includeDeliveryCommitment: boolean
  apac: boolean
}

export const PROBE_PARCEL = {
  weight: { weight: 16, unitOfMeasurement: POSTAL_WEIGHT_UNIT },
  dimension: {
    length: 10,
    width: 8,
    height: 4,
    unitOfMeasurement: DIMENSION_UNIT,
  },
} as const

/** Pure. `from` and `to` as the parcel travels (a return goes from the customer to the location). */
export function rateProbe(
  service: ServiceOption,
  options: Pick<PluginOptions, "services" | "shipper">,
  from: Address,
  to: Address
): RateProbe {
  const parts = serviceRequestParts(service, options, service.isReturn)
  const { serviceId: _all, ...entry } = parts.rates[0]
  return {
    request: {
      fromAddress: from,
      toAddress: to,
      parcel: structuredClone(PROBE_PARCEL) as RatesRequest["parcel"],
      rates: [entry],
      shipmentOptions: parts.shipmentOptions,
      ...(parts.shipmentType ? { shipmentType: parts.shipmentType } : {}),
    },
    includeDeliveryCommitment:
      VARIANT_TRAITS[service.variant].createNeedsDeliveryCommitment,
    apac: service.apac,
  }
}

export type ProbeAnswer =
  | { ok: true; rated: { service_id: string; currency: string | null }[] }
  | { ok: false; message: string }

/** The services a rates answer names, with their currencies (upper case; null when not given). Pure. */
export function ratedServices(answer: RatesResponse): ProbeAnswer {
  return {
    ok: true,
    rated: (answer.rates ?? []).flatMap((r) =>
      r.serviceId
        ? [
            {
              service_id: r.serviceId,
              currency: r.currencyCode ? r.currencyCode.toUpperCase() : null,
            },
          ]
        : []
    ),
  }
}
