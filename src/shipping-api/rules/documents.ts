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
import { eachItem, reportWhen } from "./shapes"
import {
  defineRule,
  type RuleContext,
  type RuleDefinition,
  type ShipmentDraft,
} from "./types"

type Document = ReturnType<typeof documents>[number]

const labelless = (s: ShipmentDraft, ctx: RuleContext) =>
  printsNoLabel(ctx.variant, deliverySolution(s))
const isLabel = (d: Document) => str(d.type) === "SHIPPING_LABEL"

const labelSizes = (
  def: Omit<RuleDefinition, "test" | "variants">,
  when: (s: ShipmentDraft) => boolean,
  sizes: readonly string[],
  why: (s: ShipmentDraft) => string
) =>
  eachItem({
    ...def,
    variants: ["expedited"],
    items: documents,
    when,
    broken: (d) => isLabel(d) && !sizes.includes(str(d.size) ?? ""),
    path: (_d, i) => `documents[${i}].size`,
    message: (_d, s) => `must be ${sizes.join(" or ")} ${why(s)}`,
  })

export const DOCUMENT_RULES = [
  reportWhen({
    id: "documents.required",
    source: SOURCE.shipment,
    description:
      "documents (at least one) for every variant that prints a label; cross-border solutions that print no label are the exception",
    variants: VARIANTS,
    when: (s, ctx) => !labelless(s, ctx) && documents(s).length === 0,
    path: "documents",
    message: "documents is required: this shipment prints a label",
  }),
  reportWhen({
    id: "documents.cross-border.omitted-without-label",
    source: SOURCE.documentsOmitted,
    description:
      "cross-border solutions that print no label (DROPOFF_CLIENTLABEL, PICKUP_CLIENTLABEL) omit documents",
    variants: ["cross-border"],
    when: (s, ctx) => labelless(s, ctx) && documents(s).length > 0,
    path: "documents",
    message: (s) => `${deliverySolution(s)} prints no label: omit documents`,
  }),
  reportWhen({
    id: "documents.expedited.one",
    source: SOURCE.shipment,
    description: "expedited requests carry one document object",
    variants: ["expedited"],
    when: (s) => documents(s).length > 1,
    path: "documents",
    message: "expedited shipments take exactly one document",
  }),
  eachItem({
    id: "documents.SHIPPING_LABEL.size-required",
    source: SOURCE.ours,
    description:
      "a SHIPPING_LABEL document states its size (only a QR code has none)",
    variants: VARIANTS,
    items: documents,
    broken: (d) => isLabel(d) && d.size === undefined,
    path: (_d, i) => `documents[${i}].size`,
    message: "a shipping label needs a size",
  }),
  defineRule({
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
  }),
  eachItem({
    id: "documents.QR_CODE.expedited-only",
    source: SOURCE.variants,
    description: "only expedited delivery offers a QR code instead of a label",
    variants: ["carrier-account", "standard", "cross-border"],
    items: documents,
    broken: (d) => str(d.type) === "QR_CODE",
    path: (_d, i) => `documents[${i}].type`,
    message: (_d, _s, ctx) =>
      `${ctx.variant} shipments print a SHIPPING_LABEL, not a QR code`,
  }),
  eachItem({
    id: "documents.GIF.qr-code-only",
    source: SOURCE.document,
    description:
      "GIF is the QR code's format: a SHIPPING_LABEL is PDF, PNG or ZPL2",
    variants: VARIANTS,
    items: documents,
    broken: (d) => isLabel(d) && str(d.fileFormat) === QR_CODE_FILE_FORMAT,
    path: (_d, i) => `documents[${i}].fileFormat`,
    message: "GIF is for QR codes; use PDF, PNG or ZPL2 for a label",
  }),
  eachItem({
    id: "documents.expedited.base64-formats",
    source: SOURCE.variants,
    description:
      'expedited PNG and ZPL2 labels come as BASE64 ("PNG or ZPL2 via Base64, or PDF via URL"); PDF may be either',
    variants: ["expedited"],
    items: documents,
    broken: (d) =>
      isLabel(d) &&
      BASE64_ONLY_FILE_FORMATS.includes(str(d.fileFormat) ?? "") &&
      str(d.contentType) !== "BASE64",
    path: (_d, i) => `documents[${i}].contentType`,
    message: (d) => `${String(d.fileFormat)} labels are delivered as BASE64`,
  }),
  labelSizes(
    {
      id: "documents.expedited.customs-label-size",
      source: SOURCE.perVariant,
      description: "expedited labels with customs are DOC_4X6 or DOC_8X11",
    },
    (s) => s.customs !== undefined,
    CUSTOMS_LABEL_SIZES,
    () => "when customs is used"
  ),
  labelSizes(
    {
      id: "documents.expedited.letter-flat-4x6",
      source: SOURCE.perVariant,
      description:
        'first-class letters and flats (parcelType LETTER or FLAT) print 4x6 labels (DOC_4X6; the documents\' "9x4" has no size value)',
    },
    (s) => LETTER_FLAT_PARCEL_TYPES.includes(parcelType(s) ?? ""),
    LETTER_FLAT_LABEL_SIZES,
    (s) => `for ${parcelType(s)} parcels`
  ),
  labelSizes(
    {
      id: "documents.brazil-8x11",
      source: SOURCE.customsInfo,
      description: "to Brazil with FCPIS the label is DOC_8X11",
    },
    (s) =>
      toCountry(s) === BRAZIL &&
      BRAZIL_8X11_SERVICE_IDS.includes(serviceId(s) ?? ""),
    [BRAZIL_LABEL_SIZE],
    (s) => `to Brazil with ${serviceId(s)}`
  ),
]
