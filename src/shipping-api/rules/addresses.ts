import {
  CANADA,
  CARRIER_ACCOUNT_ORIGINS,
  CROSS_BORDER_CLASSES_BY_ORIGIN,
  EXPRESS_MAIL_SERVICE_IDS,
  VARIANTS,
  type Variant,
} from "../constants"
import type { Address } from "../schemas/address"
import { SOURCE } from "../schemas/common"
import { VARIANT_TRAITS } from "../variant-traits"
import { filled, fromCountry, list, serviceId, str, toCountry } from "./read"
import { defineRule, type ShipmentDraft } from "./types"

type AddressField = keyof Address
type AddressRole = "fromAddress" | "toAddress" | "soldToAddress"

/** Doc 2, "Required content per variant": the address fields each variant needs. */
export const REQUIRED_ADDRESS_FIELDS: Record<Variant, readonly AddressField[]> =
  {
    "carrier-account": [
      "company",
      "name",
      "phone",
      "addressLines",
      "cityTown",
      "postalCode",
      "countryCode",
    ],
    expedited: ["addressLines", "postalCode", "countryCode"],
    standard: ["addressLines", "postalCode", "countryCode", "name"],
    "cross-border": [
      "name",
      "phone",
      "addressLines",
      "cityTown",
      "postalCode",
      "countryCode",
    ],
  }

function hasField(
  address: ShipmentDraft["toAddress"],
  field: AddressField
): boolean {
  const value = address?.[field]
  if (field === "addressLines")
    return (
      list(value as string[] | undefined).length > 0 &&
      filled((value as unknown[])[0])
    )
  if (field === "residential") return typeof value === "boolean"
  return filled(value)
}

/** The addresses a variant's table speaks of (soldToAddress: carrier-account, when sent). */
function addressesOf(s: ShipmentDraft, variant: Variant): AddressRole[] {
  const roles: AddressRole[] = ["fromAddress", "toAddress"]
  if (VARIANT_TRAITS[variant].soldToAddress && s.soldToAddress !== undefined)
    roles.push("soldToAddress")
  return roles
}

export const requiredAddressFieldsRule = defineRule({
  id: "address.required-fields",
  source: SOURCE.perVariant,
  description:
    "addresses carry the fields of their variant: carrier-account company, name, phone, addressLines, cityTown, postalCode, countryCode (also soldToAddress); expedited addressLines, postalCode, countryCode; standard the same plus name; cross-border name, phone, addressLines, cityTown, postalCode, countryCode",
  variants: VARIANTS,
  test(s, ctx, report) {
    for (const role of addressesOf(s, ctx.variant)) {
      for (const field of REQUIRED_ADDRESS_FIELDS[ctx.variant]) {
        if (!hasField(s[role], field))
          report(
            `${role}.${field}`,
            `${field} is required for ${ctx.variant} shipments`
          )
      }
    }
  },
})

export const expressMailPhoneRule = defineRule({
  id: "address.expedited.express-mail-phone",
  source: SOURCE.perVariant,
  description:
    "service EM (and EMI, its international id in the service table) needs phone in fromAddress and toAddress",
  variants: ["expedited"],
  test(s, _ctx, report) {
    if (!EXPRESS_MAIL_SERVICE_IDS.includes(serviceId(s) ?? "")) return
    for (const role of ["fromAddress", "toAddress"] as const) {
      if (!filled(s[role]?.phone))
        report(`${role}.phone`, `phone is required for service ${serviceId(s)}`)
    }
  },
})

export const crossBorderNameRule = defineRule({
  id: "address.cross-border.name-first-last",
  source: SOURCE.perVariant,
  description:
    "cross-border fromAddress and toAddress names hold a first and a last name",
  variants: ["cross-border"],
  test(s, _ctx, report) {
    for (const role of ["fromAddress", "toAddress"] as const) {
      const name = str(s[role]?.name)
      if (
        name !== undefined &&
        filled(name) &&
        name.trim().split(/\s+/).length < 2
      ) {
        report(`${role}.name`, "needs a first and a last name")
      }
    }
  },
})

export const canadaStateRule = defineRule({
  id: "address.cross-border.canada-stateProvince",
  source: SOURCE.perVariant,
  description: "cross-border addresses in Canada carry stateProvince",
  variants: ["cross-border"],
  test(s, _ctx, report) {
    for (const role of ["fromAddress", "toAddress"] as const) {
      if (
        str(s[role]?.countryCode) === CANADA &&
        !filled(s[role]?.stateProvince)
      ) {
        report(
          `${role}.stateProvince`,
          "stateProvince is required for Canadian addresses"
        )
      }
    }
  },
})

export const apacResidentialRule = defineRule({
  id: "address.standard.apac-residential",
  source: SOURCE.perVariant,
  description:
    "standard delivery through {apac_url} needs residential (true or false) on fromAddress and toAddress",
  variants: ["standard"],
  test(s, ctx, report) {
    if (!ctx.apac) return
    for (const role of ["fromAddress", "toAddress"] as const) {
      if (typeof s[role]?.residential !== "boolean")
        report(
          `${role}.residential`,
          "residential is required for Asia-Pacific standard delivery"
        )
    }
  },
})

export const standardDomesticRule = defineRule({
  id: "address.standard.domestic",
  source: SOURCE.variants,
  description:
    "standard delivery is domestic only: fromAddress and toAddress in the same country",
  variants: ["standard"],
  operations: ["create", "rates"],
  test(s, _ctx, report) {
    const from = fromCountry(s)
    const to = toCountry(s)
    if (from && to && from !== to)
      report(
        "toAddress.countryCode",
        `standard delivery is domestic only (from ${from} to ${to})`
      )
  },
})

export const carrierAccountOriginRule = defineRule({
  id: "address.carrier-account.origin",
  source: SOURCE.variants,
  description: "carrier-account shipments originate in the U.S. or Canada",
  variants: ["carrier-account"],
  operations: ["create", "rates"],
  test(s, _ctx, report) {
    const from = fromCountry(s)
    if (from && !CARRIER_ACCOUNT_ORIGINS.includes(from)) {
      report(
        "fromAddress.countryCode",
        `origin must be one of ${CARRIER_ACCOUNT_ORIGINS.join(", ")}`
      )
    }
  },
})

export const crossBorderOriginRule = defineRule({
  id: "address.cross-border.origin",
  source: SOURCE.variants,
  description: "cross-border shipments originate in the U.S., the UK or Canada",
  variants: ["cross-border"],
  operations: ["create", "rates"],
  test(s, _ctx, report) {
    const from = fromCountry(s)
    const origins = Object.keys(CROSS_BORDER_CLASSES_BY_ORIGIN)
    if (from && !origins.includes(from))
      report(
        "fromAddress.countryCode",
        `origin must be one of ${origins.join(", ")}`
      )
  },
})

export const crossBorderDestinationRule = defineRule({
  id: "address.cross-border.destination-abroad",
  source: SOURCE.variants,
  description:
    "cross-border outbound shipments go to another country than their origin",
  variants: ["cross-border"],
  operations: ["create", "rates"],
  test(s, _ctx, report) {
    const from = fromCountry(s)
    if (from && from === toCountry(s))
      report(
        "toAddress.countryCode",
        "destination must be abroad: cross-border is outbound only"
      )
  },
})

export const ADDRESS_RULES = [
  requiredAddressFieldsRule,
  expressMailPhoneRule,
  crossBorderNameRule,
  canadaStateRule,
  apacResidentialRule,
  standardDomesticRule,
  carrierAccountOriginRule,
  crossBorderOriginRule,
  crossBorderDestinationRule,
]
