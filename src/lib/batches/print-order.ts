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

export type OrderLine = {
  id: string
  title?: string | null
  product_title?: string | null
  variant_title?: string | null
  variant_sku?: string | null
  quantity?: number | string | null
}

export type LabelOfOrder = {
  id: string
  tracking_number?: string | null
  label_format?: string | null
  label_size?: string | null
  parcel_index?: number | null
  /** `{ items: [{ line_item_id, quantity }] }` */
  parcel?: unknown
  /** As the request carried them (null without customs). */
  customs?: unknown
  created_at?: Date | string | null
  pages: Uint8Array[]
}

export type PrintOrderInput = {
  orderId: string
  displayId: number | string
  orderDate?: Date | string | null
  /** In doc 2 form. */
  shippingAddress: Address
  lines: OrderLine[]
  labels: LabelOfOrder[]
}

/** ZPL2 goes to the .zpl file, never a PDF; the invoice uses exactly the customs the carrier was told. */
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
    // The print library refuses an unknown format, naming the field.
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

/** Summed per line; else every line of the order. */
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

/** Every parcel's customs items in turn, with the first parcel's info; null without customs. */
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
