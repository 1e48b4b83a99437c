import {
  SERVICE_IDS,
  SHIPMENT_OPTION,
  VARIANTS,
  type Variant,
} from "../constants"
import { SOURCE } from "../schemas/common"
import { hasOption, list, optionPath, serviceId } from "./read"
import { defineRule, type ShipmentDraft } from "./types"

export const serviceKnownRule = defineRule({
  id: "rates.serviceId.known",
  source: SOURCE.services,
  description:
    "rates[0].serviceId is one of the variant's service identifiers (SERVICE_IDS)",
  variants: VARIANTS,
  operations: ["create", "rates"],
  test(s, ctx, report) {
    const id = serviceId(s)
    if (id !== undefined && !SERVICE_IDS[ctx.variant].includes(id)) {
      report(
        "rates[0].serviceId",
        `"${id}" is not a ${ctx.variant} service; expected one of ${SERVICE_IDS[ctx.variant].join(", ")}`
      )
    }
  },
})

export const shipperIdRule = defineRule({
  id: "shipment-options.SHIPPER_ID.required",
  source: SOURCE.shipmentOptions,
  description:
    "shipmentOptions carries SHIPPER_ID (the merchant's postalReportingNumber) with a value",
  variants: VARIANTS,
  operations: ["create", "rates"],
  test(s, _ctx, report) {
    if (!hasOption(s, SHIPMENT_OPTION.shipperId))
      report(optionPath(s, SHIPMENT_OPTION.shipperId), "SHIPPER_ID is required")
  },
})

export const optionOncePerNameRule = defineRule({
  id: "shipment-options.one-per-name",
  source: SOURCE.shipmentOptions,
  description:
    "each shipment option appears once (one name/value object per option)",
  variants: VARIANTS,
  operations: ["create", "rates"],
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
})

/** Doc 2, Shipment object: fields that belong to some variants only. */
const FIELD_VARIANTS: Partial<Record<keyof ShipmentDraft, readonly Variant[]>> =
  {
    soldToAddress: ["carrier-account"],
    carrierPayments: ["carrier-account"],
    altReturnAddress: ["expedited", "cross-border"],
    additionalAddresses: ["cross-border"],
    domesticShipmentDetails: ["cross-border"],
    hazmatDetails: ["standard"],
    references: ["standard", "cross-border", "carrier-account"],
  }

export const fieldsByVariantRule = defineRule({
  id: "shipment.fields-by-variant",
  source: SOURCE.shipment,
  description:
    "variant-only fields are sent only by their variants: soldToAddress and carrierPayments (carrier-account), altReturnAddress (expedited, cross-border), additionalAddresses and domesticShipmentDetails (cross-border), hazmatDetails (standard), references (not expedited)",
  variants: VARIANTS,
  operations: ["create", "rates"],
  test(s, ctx, report) {
    for (const [field, variants] of Object.entries(FIELD_VARIANTS)) {
      const value = s[field as keyof ShipmentDraft]
      if (value !== undefined && !variants!.includes(ctx.variant)) {
        report(
          field,
          `${field} is not used by ${ctx.variant} shipments (only ${variants!.join(", ")})`
        )
      }
    }
  },
})

export const GENERAL_RULES = [
  serviceKnownRule,
  shipperIdRule,
  optionOncePerNameRule,
  fieldsByVariantRule,
]
