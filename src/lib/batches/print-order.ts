import type { DocumentSize, FileFormat } from "../../shipping-api/constants"
import { DOCUMENT_SIZES, FILE_FORMATS } from "../../shipping-api/constants"
import type { Address } from "../../shipping-api/schemas/address"
import type { Customs, CustomsItem } from "../../shipping-api/schemas/customs"
import type {
  CommercialInvoiceInput,
  PrintLabel,
  PrintLineItem,
  PrintOrder,
} from "../documents"

/** A Medusa order line as the packing slip needs it. */
export type OrderLine = {
  id: string
  title?: string | null
  product_title?: string | null
  variant_title?: string | null
  variant_sku?: string | null
  quantity?: number | string | null
}

/** A label (shipment row) as printing needs it, with its stored pages. */
export type LabelOfOrder = {
  id: string
  tracking_number?: string | null
  label_format?: string | null
  label_size?: string | null
  parcel_index?: number | null
  /** `{ items: [{ line_item_id, quantity }] }`: what the parcel holds. */
  parcel?: unknown
  /** `{ customs, fromAddress, toAddress }` as the request carried them (null without customs). */
  customs?: unknown
  created_at?: Date | string | null
  pages: Uint8Array[]
}

export type PrintOrderInput = {
  orderId: string
  displayId: number | string
  orderDate?: Date | string | null
  /** The order's shipping address in doc 2 form (the provider's own mapping makes it). */
  shippingAddress: Address
  lines: OrderLine[]
  labels: LabelOfOrder[]
}

/**
 * One order's documents for the print library: its labels in parcel order (ZPL2 apart: printer
 * programs go to the .zpl file, never into a PDF), its packing slip (the parcels' lines, else the
 * order's lines) and, when its labels carried customs, one commercial invoice from exactly those
 * customs (doc 2 Customs: what the carrier was told). Pure.
 */
export function printOrderOf(input: PrintOrderInput): {
  pdf: PrintOrder
  zpl: PrintOrder | null
} {
  const labels = [...input.labels].sort(
    (a, b) => (a.parcel_index ?? 0) - (b.parcel_index ?? 0)
  )
  const printLabels = labels.map(printLabelOf)
  const base = {
    orderId: input.orderId,
    displayId: input.displayId,
    shippingAddress: input.shippingAddress,
    items: packedLines(input.lines, labels),
    ...(input.orderDate ? { orderDate: input.orderDate } : {}),
  }
  const invoice = commercialInvoiceOf(labels)
  const zplLabels = printLabels.filter((l) => l.format === "ZPL2")
  return {
    pdf: {
      ...base,
      labels: printLabels.filter((l) => l.format !== "ZPL2"),
      ...(invoice ? { commercialInvoice: invoice } : {}),
    },
    zpl: zplLabels.length ? { ...base, labels: zplLabels } : null,
  }
}

function printLabelOf(label: LabelOfOrder): PrintLabel {
  const format = (label.label_format ?? "").toUpperCase()
  const size = label.label_size ?? undefined
  return {
    // An unknown format is passed on as it is: the print library refuses it, naming the field.
    format: ((FILE_FORMATS as readonly string[]).includes(format)
      ? format
      : (label.label_format ?? "")) as FileFormat,
    ...(size && (DOCUMENT_SIZES as readonly string[]).includes(size)
      ? { size: size as DocumentSize }
      : {}),
    pages: label.pages,
    ...(label.tracking_number ? { trackingNumber: label.tracking_number } : {}),
  }
}

type ParcelItems =
  | { items?: { line_item_id?: unknown; quantity?: unknown }[] }
  | null
  | undefined

/** The lines the labels' parcels hold (quantities summed per line), else every line of the order. */
export function packedLines(
  lines: OrderLine[],
  labels: Pick<LabelOfOrder, "parcel">[]
): PrintLineItem[] {
  const packed = new Map<string, number>()
  for (const label of labels) {
    for (const item of (label.parcel as ParcelItems)?.items ?? []) {
      if (typeof item.line_item_id !== "string") continue
      packed.set(
        item.line_item_id,
        (packed.get(item.line_item_id) ?? 0) +
          Math.max(0, Math.floor(Number(item.quantity) || 0))
      )
    }
  }
  const byId = new Map(lines.map((l) => [l.id, l]))
  const chosen = packed.size
    ? [...packed].map(([id, quantity]) => ({
        line: byId.get(id),
        id,
        quantity,
      }))
    : lines.map((line) => ({
        line,
        id: line.id,
        quantity: Math.max(0, Math.floor(Number(line.quantity) || 0)),
      }))
  return chosen.map(({ line, id, quantity }) => ({
    title: line?.product_title || line?.title || id,
    variantTitle: line?.variant_title ?? null,
    sku: line?.variant_sku ?? null,
    quantity,
  }))
}

type StoredCustoms = {
  customs?: Customs
  fromAddress?: Address
  toAddress?: Address
}

/**
 * One invoice for the order's parcels that went through customs: their customs items one after
 * the other (several parcels declare their own lines), the first parcel's customs info, sender,
 * recipient and tracking number. Null when no label carried customs.
 */
export function commercialInvoiceOf(
  labels: Pick<LabelOfOrder, "customs" | "tracking_number" | "created_at">[]
): CommercialInvoiceInput | null {
  const declared = labels.filter(
    (l) => (l.customs as StoredCustoms | null)?.customs?.customsItems?.length
  )
  if (!declared.length) return null
  const first = declared[0].customs as Required<StoredCustoms>
  const items: CustomsItem[] = declared.flatMap((l) =>
    ((l.customs as StoredCustoms).customs?.customsItems ?? []).filter(
      (i): i is CustomsItem => !!i
    )
  )
  return {
    date: declared[0].created_at ?? new Date(),
    customs: { ...first.customs, customsItems: items },
    sender: first.fromAddress,
    recipient: first.toAddress,
    ...(declared[0].tracking_number
      ? { trackingNumber: declared[0].tracking_number }
      : {}),
  }
}
