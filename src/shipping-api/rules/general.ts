import {
  SERVICE_IDS,
  SHIPMENT_OPTION,
  VARIANTS,
  type Variant,
} from "../constants"
import { SOURCE } from "../schemas/common"
import { list, serviceId } from "./read"
import { eachItem, mustBeOneOf, requireOptions } from "./shapes"
import { defineRule, type ShipmentDraft } from "./types"

const BOTH = ["create", "rates"] as const

/** Doc 2, Shipment object: fields of some variants only. */
const FIELD_VARIANTS = Object.entries({
  soldToAddress: ["carrier-account"],
  carrierPayments: ["carrier-account"],
  altReturnAddress: ["expedited", "cross-border"],
  additionalAddresses: ["cross-border"],
  domesticShipmentDetails: ["cross-border"],
  hazmatDetails: ["standard"],
  references: ["standard", "cross-border", "carrier-account"],
} satisfies Partial<Record<keyof ShipmentDraft, readonly Variant[]>>) as [
  keyof ShipmentDraft,
  readonly Variant[],
][]

export const GENERAL_RULES = [
  mustBeOneOf({
    id: "rates.serviceId.known",
    source: SOURCE.services,
    description:
      "rates[0].serviceId is one of the variant's service identifiers (SERVICE_IDS)",
    variants: VARIANTS,
    operations: BOTH,
    path: "rates[0].serviceId",
    read: serviceId,
    allowed: (_s, ctx) => SERVICE_IDS[ctx.variant],
    message: ({ value, allowed, ctx }) =>
      `"${value}" is not a ${ctx.variant} service; expected one of ${allowed.join(", ")}`,
  }),
  requireOptions({
    id: "shipment-options.SHIPPER_ID.required",
    source: SOURCE.shipmentOptions,
    description:
      "shipmentOptions carries SHIPPER_ID (the merchant's postalReportingNumber) with a value",
    variants: VARIANTS,
    operations: BOTH,
    options: [SHIPMENT_OPTION.shipperId],
    message: "SHIPPER_ID is required",
  }),
  defineRule({
    id: "shipment-options.one-per-name",
    source: SOURCE.shipmentOptions,
    description:
      "each shipment option appears once (one name/value object per option)",
    variants: VARIANTS,
    operations: BOTH,
    test(s, _ctx, report) {
      const seen = new Set<unknown>()
      list(s.shipmentOptions).forEach((o, i) => {
        if (seen.has(o.name))
          report(
            `shipmentOptions[${i}].name`,
            `${String(o.name)} is given more than once`
          )
        seen.add(o.name)
      })
    },
  }),
  eachItem({
    id: "shipment.fields-by-variant",
    source: SOURCE.shipment,
    description:
      "variant-only fields are sent only by their variants: soldToAddress and carrierPayments (carrier-account), altReturnAddress (expedited, cross-border), additionalAddresses and domesticShipmentDetails (cross-border), hazmatDetails (standard), references (not expedited)",
    variants: VARIANTS,
    operations: BOTH,
    items: () => FIELD_VARIANTS,
    broken: ([field, variants], s, ctx) =>
      s[field] !== undefined && !variants.includes(ctx.variant),
    path: ([field]) => field,
    message: ([field, variants], _s, ctx) =>
      `${field} is not used by ${ctx.variant} shipments (only ${variants.join(", ")})`,
  }),
]
