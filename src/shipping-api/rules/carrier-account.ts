import { CARRIER_A_US_DOMESTIC_SERVICE_IDS, PUERTO_RICO } from "../constants"
import { SOURCE } from "../schemas/common"
import { isInternational, isUsToPuertoRico, serviceId, str } from "./read"
import { eachItem, mustBeOneOf, reportWhen } from "./shapes"

export const CARRIER_ACCOUNT_RULES = [
  mustBeOneOf({
    id: "carrier-account.puerto-rico.domestic-service",
    source: SOURCE.perVariant,
    description:
      "carrier-account shipments from the U.S. to Puerto Rico use a U.S. domestic service (NDA_AM, NDA)",
    variants: ["carrier-account"],
    operations: ["create", "rates"],
    path: "rates[0].serviceId",
    read: serviceId,
    allowed: (s) =>
      isUsToPuertoRico(s) ? CARRIER_A_US_DOMESTIC_SERVICE_IDS : undefined,
    message: ({ allowed }) =>
      `to Puerto Rico use a U.S. domestic service: ${allowed.join(", ")}`,
  }),
  eachItem({
    id: "carrier-account.puerto-rico.address",
    source: SOURCE.perVariant,
    description:
      "carrier-account shipments from the U.S. to Puerto Rico set toAddress.stateProvince and toAddress.countryCode both to PR",
    variants: ["carrier-account"],
    items: () => ["stateProvince", "countryCode"] as const,
    when: isUsToPuertoRico,
    broken: (field, s) => str(s.toAddress?.[field]) !== PUERTO_RICO,
    path: (field) => `toAddress.${field}`,
    message: `must be ${PUERTO_RICO} for Puerto Rico`,
  }),
  reportWhen({
    id: "carrier-account.soldToAddress.required",
    source: SOURCE.shipment,
    description:
      "carrier-account shipments from the U.S. to Puerto Rico or abroad carry soldToAddress (the final recipient)",
    variants: ["carrier-account"],
    when: (s) =>
      (isUsToPuertoRico(s) || isInternational(s)) &&
      s.soldToAddress === undefined,
    path: "soldToAddress",
    message:
      "soldToAddress is required for Puerto Rico and international shipments",
  }),
]
