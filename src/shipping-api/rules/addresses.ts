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
import { eachItem, mustBeOneOf, reportWhen } from "./shapes"
import { defineRule, type ShipmentDraft } from "./types"

type AddressField = keyof Address
type AddressRole = "fromAddress" | "toAddress" | "soldToAddress"

/** Doc 2, "Required content per variant". */
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

/** soldToAddress: carrier-account, when sent. */
function addressesOf(s: ShipmentDraft, variant: Variant): AddressRole[] {
  const roles: AddressRole[] = ["fromAddress", "toAddress"]
  if (VARIANT_TRAITS[variant].soldToAddress && s.soldToAddress !== undefined)
    roles.push("soldToAddress")
  return roles
}

const BOTH = ["create", "rates"] as const
const ENDS = () => ["fromAddress", "toAddress"] as const
const CROSS_BORDER_ORIGINS = Object.keys(CROSS_BORDER_CLASSES_BY_ORIGIN)

export const ADDRESS_RULES = [
  defineRule({
    id: "address.required-fields",
    source: SOURCE.perVariant,
    description:
      "addresses carry the fields of their variant: carrier-account company, name, phone, addressLines, cityTown, postalCode, countryCode (also soldToAddress); expedited addressLines, postalCode, countryCode; standard the same plus name; cross-border name, phone, addressLines, cityTown, postalCode, countryCode",
    variants: VARIANTS,
    test(s, ctx, report) {
      for (const role of addressesOf(s, ctx.variant))
        for (const field of REQUIRED_ADDRESS_FIELDS[ctx.variant])
          if (!hasField(s[role], field))
            report(
              `${role}.${field}`,
              `${field} is required for ${ctx.variant} shipments`
            )
    },
  }),
  eachItem({
    id: "address.expedited.express-mail-phone",
    source: SOURCE.perVariant,
    description:
      "service EM (and EMI, its international id in the service table) needs phone in fromAddress and toAddress",
    variants: ["expedited"],
    items: ENDS,
    when: (s) => EXPRESS_MAIL_SERVICE_IDS.includes(serviceId(s) ?? ""),
    broken: (role, s) => !filled(s[role]?.phone),
    path: (role) => `${role}.phone`,
    message: (_role, s) => `phone is required for service ${serviceId(s)}`,
  }),
  eachItem({
    id: "address.cross-border.name-first-last",
    source: SOURCE.perVariant,
    description:
      "cross-border fromAddress and toAddress names hold a first and a last name",
    variants: ["cross-border"],
    items: ENDS,
    broken: (role, s) =>
      filled(s[role]?.name) &&
      str(s[role]?.name)!.trim().split(/\s+/).length < 2,
    path: (role) => `${role}.name`,
    message: "needs a first and a last name",
  }),
  eachItem({
    id: "address.cross-border.canada-stateProvince",
    source: SOURCE.perVariant,
    description: "cross-border addresses in Canada carry stateProvince",
    variants: ["cross-border"],
    items: ENDS,
    broken: (role, s) =>
      str(s[role]?.countryCode) === CANADA && !filled(s[role]?.stateProvince),
    path: (role) => `${role}.stateProvince`,
    message: "stateProvince is required for Canadian addresses",
  }),
  eachItem({
    id: "address.standard.apac-residential",
    source: SOURCE.perVariant,
    description:
      "standard delivery through {apac_url} needs residential (true or false) on fromAddress and toAddress",
    variants: ["standard"],
    items: ENDS,
    when: (_s, ctx) => !!ctx.apac,
    broken: (role, s) => typeof s[role]?.residential !== "boolean",
    path: (role) => `${role}.residential`,
    message: "residential is required for Asia-Pacific standard delivery",
  }),
  reportWhen({
    id: "address.standard.domestic",
    source: SOURCE.variants,
    description:
      "standard delivery is domestic only: fromAddress and toAddress in the same country",
    variants: ["standard"],
    operations: BOTH,
    when: (s) =>
      !!fromCountry(s) && !!toCountry(s) && fromCountry(s) !== toCountry(s),
    path: "toAddress.countryCode",
    message: (s) =>
      `standard delivery is domestic only (from ${fromCountry(s)} to ${toCountry(s)})`,
  }),
  mustBeOneOf({
    id: "address.carrier-account.origin",
    source: SOURCE.variants,
    description: "carrier-account shipments originate in the U.S. or Canada",
    variants: ["carrier-account"],
    operations: BOTH,
    path: "fromAddress.countryCode",
    read: (s) => fromCountry(s) || undefined,
    allowed: CARRIER_ACCOUNT_ORIGINS,
    message: ({ allowed }) => `origin must be one of ${allowed.join(", ")}`,
  }),
  mustBeOneOf({
    id: "address.cross-border.origin",
    source: SOURCE.variants,
    description:
      "cross-border shipments originate in the U.S., the UK or Canada",
    variants: ["cross-border"],
    operations: BOTH,
    path: "fromAddress.countryCode",
    read: (s) => fromCountry(s) || undefined,
    allowed: CROSS_BORDER_ORIGINS,
    message: ({ allowed }) => `origin must be one of ${allowed.join(", ")}`,
  }),
  reportWhen({
    id: "address.cross-border.destination-abroad",
    source: SOURCE.variants,
    description:
      "cross-border outbound shipments go to another country than their origin",
    variants: ["cross-border"],
    operations: BOTH,
    when: (s) => !!fromCountry(s) && fromCountry(s) === toCountry(s),
    path: "toAddress.countryCode",
    message: "destination must be abroad: cross-border is outbound only",
  }),
]
