import { CARRIER_A_US_DOMESTIC_SERVICE_IDS, PUERTO_RICO } from "../constants"
import { SOURCE } from "../schemas/common"
import { isInternational, isUsToPuertoRico, serviceId, str } from "./read"
import { defineRule } from "./types"

export const puertoRicoServiceRule = defineRule({
  id: "carrier-account.puerto-rico.domestic-service",
  source: SOURCE.perVariant,
  description:
    "carrier-account shipments from the U.S. to Puerto Rico use a U.S. domestic service (NDA_AM, NDA)",
  variants: ["carrier-account"],
  operations: ["create", "rates"],
  test(s, _ctx, report) {
    const id = serviceId(s)
    if (
      isUsToPuertoRico(s) &&
      id !== undefined &&
      !CARRIER_A_US_DOMESTIC_SERVICE_IDS.includes(id)
    ) {
      report(
        "rates[0].serviceId",
        `to Puerto Rico use a U.S. domestic service: ${CARRIER_A_US_DOMESTIC_SERVICE_IDS.join(", ")}`
      )
    }
  },
})

export const puertoRicoAddressRule = defineRule({
  id: "carrier-account.puerto-rico.address",
  source: SOURCE.perVariant,
  description:
    "carrier-account shipments from the U.S. to Puerto Rico set toAddress.stateProvince and toAddress.countryCode both to PR",
  variants: ["carrier-account"],
  test(s, _ctx, report) {
    if (!isUsToPuertoRico(s)) return
    for (const field of ["stateProvince", "countryCode"] as const) {
      if (str(s.toAddress?.[field]) !== PUERTO_RICO)
        report(`toAddress.${field}`, `must be ${PUERTO_RICO} for Puerto Rico`)
    }
  },
})

export const soldToRequiredRule = defineRule({
  id: "carrier-account.soldToAddress.required",
  source: SOURCE.shipment,
  description:
    "carrier-account shipments from the U.S. to Puerto Rico or abroad carry soldToAddress (the final recipient)",
  variants: ["carrier-account"],
  test(s, _ctx, report) {
    if (
      (isUsToPuertoRico(s) || isInternational(s)) &&
      s.soldToAddress === undefined
    ) {
      report(
        "soldToAddress",
        "soldToAddress is required for Puerto Rico and international shipments"
      )
    }
  },
})

export const CARRIER_ACCOUNT_RULES = [
  puertoRicoServiceRule,
  puertoRicoAddressRule,
  soldToRequiredRule,
]
