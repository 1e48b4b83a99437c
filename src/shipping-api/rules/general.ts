import {
  SERVICE_IDS,
  SHIPMENT_OPTION,
  VARIANTS,
  type Variant,
} from "../constants"
import { SOURCE } from "../schemas/common"
import { carrierAccountToPuertoRico, removeOption, setOption } from "./examples"
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
  examples: {
    pass: [
      { note: "PM is postal", base: "expedited" },
      {
        note: "EM is postal (named in Required content per variant)",
        base: "expedited",
        edit: (s) => (s.rates![0].serviceId = "EM"),
      },
      { note: "PRCLSEL is standard", base: "standard" },
    ],
    fail: [
      {
        note: "standard service on the postal carrier",
        base: "expedited",
        edit: (s) => (s.rates![0].serviceId = "PRCLSEL"),
      },
      {
        note: "unknown service",
        base: "carrier-account",
        edit: (s) => (s.rates![0].serviceId = "GROUND"),
      },
    ],
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
  examples: {
    pass: [{ note: "present", base: "standard" }],
    fail: [
      {
        note: "missing",
        base: "carrier-account",
        edit: (s) => removeOption(s, "SHIPPER_ID"),
      },
      {
        note: "empty",
        base: "cross-border",
        edit: (s) => setOption(s, "SHIPPER_ID", " "),
      },
    ],
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
  examples: {
    pass: [{ note: "distinct names", base: "standard" }],
    fail: [
      {
        note: "SHIPPER_ID twice",
        base: "expedited",
        edit: (s) =>
          s.shipmentOptions!.push({ name: "SHIPPER_ID", value: "1" }),
      },
    ],
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
  examples: {
    pass: [
      {
        note: "soldToAddress on carrier-account",
        base: "carrier-account",
        edit: carrierAccountToPuertoRico,
      },
      {
        note: "altReturnAddress on expedited",
        base: "expedited",
        edit: (s) => (s.altReturnAddress = structuredClone(s.fromAddress)),
      },
    ],
    fail: [
      {
        note: "soldToAddress on expedited",
        base: "expedited",
        edit: (s) => (s.soldToAddress = structuredClone(s.toAddress)),
      },
      {
        note: "hazmatDetails on cross-border",
        base: "cross-border",
        edit: (s) => (s.hazmatDetails = { containerDetails: [] }),
      },
      {
        note: "references on expedited",
        base: "expedited",
        edit: (s) => (s.references = [{ name: "ReferenceNumber", value: "1" }]),
      },
    ],
  },
})

export const GENERAL_RULES = [
  serviceKnownRule,
  shipperIdRule,
  optionOncePerNameRule,
  fieldsByVariantRule,
]
