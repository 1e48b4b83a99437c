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

/** Without serviceId the service answers every service it rates on the lane (doc 4); amounts unused. */
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

/** As the parcel travels (a return goes from the customer to the location). */
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

/** Currencies upper case; null when not given. */
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
