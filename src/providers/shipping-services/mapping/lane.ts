import { CARRIER_OF_VARIANT } from "../../../shipping-api/constants"
import { validateShipmentRequest } from "../../../shipping-api/rules"
import type { Violation } from "../../../shipping-api/violation"
import type { PluginOptions, ServiceOption } from "../../../options"
import { shipmentOptionsFor } from "../../../options/service-request"

/** Rules that depend only on the lane, so checkout can refuse an option before label time. */
export const LANE_RULE_IDS: readonly string[] = [
  "address.standard.domestic",
  "address.carrier-account.origin",
  "address.cross-border.origin",
  "address.cross-border.destination-abroad",
  "rates.serviceId.cross-border-origin",
  "shipment-options.DELIVERY_SOLUTION.required",
  "shipment-options.DELIVERY_SOLUTION.origin",
  "customs-info.currencyCode.cross-border-origin",
  "carrier-account.puerto-rico.domestic-service",
]

export type Lane = {
  fromCountry?: string | null
  toCountry?: string | null
  toStateProvince?: string | null
  currencyCode?: string | null
}

export function laneViolations(
  service: ServiceOption,
  options: PluginOptions,
  lane: Lane
): Violation[] {
  const draft = {
    fromAddress: { countryCode: lane.fromCountry?.toUpperCase() },
    toAddress: {
      countryCode: lane.toCountry?.toUpperCase(),
      stateProvince: lane.toStateProvince?.toUpperCase() ?? "",
    },
    parcel: { weight: { weight: 1, unitOfMeasurement: "OZ" } },
    rates: [
      {
        carrier: CARRIER_OF_VARIANT[service.variant],
        serviceId: service.serviceId,
        parcelType: service.parcelType,
      },
    ],
    shipmentOptions: shipmentOptionsFor(service, options, false),
    ...(lane.currencyCode
      ? {
          customs: {
            customsInfo: { currencyCode: lane.currencyCode.toUpperCase() },
            customsItems: [],
          },
        }
      : {}),
  }
  const checked = validateShipmentRequest(draft, {
    carrierCodes: options.carrierCodes,
  })
  return checked.ok
    ? []
    : checked.violations.filter((v) => LANE_RULE_IDS.includes(v.rule))
}
