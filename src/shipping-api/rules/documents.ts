// One table of data: the documents' label and document rules, one defineRule each with its examples (kept whole).
import {
  BASE64_ONLY_FILE_FORMATS,
  BRAZIL,
  BRAZIL_8X11_SERVICE_IDS,
  BRAZIL_LABEL_SIZE,
  CUSTOMS_LABEL_SIZES,
  LETTER_FLAT_LABEL_SIZES,
  LETTER_FLAT_PARCEL_TYPES,
  QR_CODE_FILE_FORMAT,
  VARIANTS,
  type Variant,
} from "../constants"
import { printsNoLabel } from "../variant-traits"
import { SOURCE } from "../schemas/common"
import {
  deliverySolution,
  documents,
  parcelType,
  serviceId,
  str,
  toCountry,
} from "./read"
import { defineRule, type Report, type ShipmentDraft } from "./types"

function labelless(s: ShipmentDraft, variant: Variant): boolean {
  return printsNoLabel(variant, deliverySolution(s))
}

/** Reports every shipping label whose size is not one of `sizes`. */
function labelSizes(
  s: ShipmentDraft,
  sizes: readonly string[],
  report: Report,
  why: string
): void {
  documents(s).forEach((d, i) => {
    if (
      str(d.type) === "SHIPPING_LABEL" &&
      !sizes.includes(str(d.size) ?? "")
    ) {
      report(`documents[${i}].size`, `must be ${sizes.join(" or ")} ${why}`)
    }
  })
}

export const documentsRequiredRule = defineRule({
  id: "documents.required",
  source: SOURCE.shipment,
  description:
    "documents (at least one) for every variant that prints a label; cross-border solutions that print no label are the exception",
  variants: VARIANTS,
  test(s, ctx, report) {
    if (labelless(s, ctx.variant)) return
    if (documents(s).length === 0)
      report("documents", "documents is required: this shipment prints a label")
  },
})

export const documentsOmittedRule = defineRule({
  id: "documents.cross-border.omitted-without-label",
  source: SOURCE.documentsOmitted,
  description:
    "cross-border solutions that print no label (DROPOFF_CLIENTLABEL, PICKUP_CLIENTLABEL) omit documents",
  variants: ["cross-border"],
  test(s, ctx, report) {
    if (labelless(s, ctx.variant) && documents(s).length > 0)
      report(
        "documents",
        `${deliverySolution(s)} prints no label: omit documents`
      )
  },
})

export const expeditedOneDocumentRule = defineRule({
  id: "documents.expedited.one",
  source: SOURCE.shipment,
  description: "expedited requests carry one document object",
  variants: ["expedited"],
  test(s, _ctx, report) {
    if (documents(s).length > 1)
      report("documents", "expedited shipments take exactly one document")
  },
})

export const labelSizeRequiredRule = defineRule({
  id: "documents.SHIPPING_LABEL.size-required",
  source: SOURCE.ours,
  description:
    "a SHIPPING_LABEL document states its size (only a QR code has none)",
  variants: VARIANTS,
  test(s, _ctx, report) {
    documents(s).forEach((d, i) => {
      if (str(d.type) === "SHIPPING_LABEL" && d.size === undefined)
        report(`documents[${i}].size`, "a shipping label needs a size")
    })
  },
})

export const qrCodeShapeRule = defineRule({
  id: "documents.QR_CODE.shape",
  source: SOURCE.perVariant,
  description:
    "a QR code is type QR_CODE, fileFormat GIF, contentType BASE64 or URL, and has no size",
  variants: ["expedited"],
  test(s, _ctx, report) {
    documents(s).forEach((d, i) => {
      if (str(d.type) !== "QR_CODE") return
      if (str(d.fileFormat) !== QR_CODE_FILE_FORMAT)
        report(
          `documents[${i}].fileFormat`,
          `a QR code is ${QR_CODE_FILE_FORMAT}`
        )
      if (d.size !== undefined)
        report(`documents[${i}].size`, "a QR code has no size")
    })
  },
})

export const qrCodeExpeditedOnlyRule = defineRule({
  id: "documents.QR_CODE.expedited-only",
  source: SOURCE.variants,
  description: "only expedited delivery offers a QR code instead of a label",
  variants: ["carrier-account", "standard", "cross-border"],
  test(s, ctx, report) {
    documents(s).forEach((d, i) => {
      if (str(d.type) === "QR_CODE")
        report(
          `documents[${i}].type`,
          `${ctx.variant} shipments print a SHIPPING_LABEL, not a QR code`
        )
    })
  },
})

export const gifForQrCodeRule = defineRule({
  id: "documents.GIF.qr-code-only",
  source: SOURCE.document,
  description:
    "GIF is the QR code's format: a SHIPPING_LABEL is PDF, PNG or ZPL2",
  variants: VARIANTS,
  test(s, _ctx, report) {
    documents(s).forEach((d, i) => {
      if (
        str(d.type) === "SHIPPING_LABEL" &&
        str(d.fileFormat) === QR_CODE_FILE_FORMAT
      ) {
        report(
          `documents[${i}].fileFormat`,
          "GIF is for QR codes; use PDF, PNG or ZPL2 for a label"
        )
      }
    })
  },
})

export const base64FormatsRule = defineRule({
  id: "documents.expedited.base64-formats",
  source: SOURCE.variants,
  description:
    'expedited PNG and ZPL2 labels come as BASE64 ("PNG or ZPL2 via Base64, or PDF via URL"); PDF may be either',
  variants: ["expedited"],
  test(s, _ctx, report) {
    documents(s).forEach((d, i) => {
      if (
        str(d.type) === "SHIPPING_LABEL" &&
        BASE64_ONLY_FILE_FORMATS.includes(str(d.fileFormat) ?? "") &&
        str(d.contentType) !== "BASE64"
      ) {
        report(
          `documents[${i}].contentType`,
          `${String(d.fileFormat)} labels are delivered as BASE64`
        )
      }
    })
  },
})

export const customsLabelSizeRule = defineRule({
  id: "documents.expedited.customs-label-size",
  source: SOURCE.perVariant,
  description: "expedited labels with customs are DOC_4X6 or DOC_8X11",
  variants: ["expedited"],
  test(s, _ctx, report) {
    if (s.customs !== undefined)
      labelSizes(s, CUSTOMS_LABEL_SIZES, report, "when customs is used")
  },
})

export const letterFlatLabelSizeRule = defineRule({
  id: "documents.expedited.letter-flat-4x6",
  source: SOURCE.perVariant,
  description:
    'first-class letters and flats (parcelType LETTER or FLAT) print 4x6 labels (DOC_4X6; the documents\' "9x4" has no size value)',
  variants: ["expedited"],
  test(s, _ctx, report) {
    if (LETTER_FLAT_PARCEL_TYPES.includes(parcelType(s) ?? ""))
      labelSizes(
        s,
        LETTER_FLAT_LABEL_SIZES,
        report,
        `for ${parcelType(s)} parcels`
      )
  },
})

export const brazilLabelSizeRule = defineRule({
  id: "documents.brazil-8x11",
  source: SOURCE.customsInfo,
  description: "to Brazil with FCPIS the label is DOC_8X11",
  variants: ["expedited"],
  test(s, _ctx, report) {
    if (
      toCountry(s) === BRAZIL &&
      BRAZIL_8X11_SERVICE_IDS.includes(serviceId(s) ?? "")
    ) {
      labelSizes(
        s,
        [BRAZIL_LABEL_SIZE],
        report,
        `to Brazil with ${serviceId(s)}`
      )
    }
  },
})

export const DOCUMENT_RULES = [
  documentsRequiredRule,
  documentsOmittedRule,
  expeditedOneDocumentRule,
  labelSizeRequiredRule,
  qrCodeShapeRule,
  qrCodeExpeditedOnlyRule,
  gifForQrCodeRule,
  base64FormatsRule,
  customsLabelSizeRule,
  letterFlatLabelSizeRule,
  brazilLabelSizeRule,
]
