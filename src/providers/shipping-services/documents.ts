import {
  fulfillmentDocumentsOf,
  type FulfillmentDocument,
  type FulfillmentDocumentType,
} from "../../lib/batches/fulfillment-documents"
import type { LabelOfOrder, OrderLine } from "../../lib/batches/print-order"
import type { PrintLayout } from "../../options/print-layouts"
import { shipmentRefOf } from "../../lib/shipments/fulfillment-data"
import type { Address } from "../../shipping-api/schemas/address"
import { asArray } from "./collections"
import { fromMedusaAddress, type MedusaAddressLike } from "./mapping/address"
import type { ProviderPorts } from "./ports"

type OrderForDocuments = {
  id: string
  display_id?: number
  created_at?: Date
  email?: string
  shipping_address?: MedusaAddressLike
  items?: OrderLine[]
}

/**
 * Labels as the service made them (every parcel, voided too), packing slip and, with customs, commercial invoice.
 * The order is read only when a kind other than the label is asked.
 */
export async function documentsOfFulfillment(
  deps: {
    ports: Pick<ProviderPorts, "shipments" | "order">
    layout: PrintLayout
  },
  data: Record<string, unknown>,
  types: readonly FulfillmentDocumentType[]
): Promise<FulfillmentDocument[]> {
  const ref = shipmentRefOf(data)
  if (!ref) return []
  const shipping = deps.ports.shipments()
  const rows = (
    await shipping.listShipments({
      id: ref.shipment_ids,
      status: ["created", "voided"],
    })
  ).sort((a, b) => (a.parcel_index ?? 0) - (b.parcel_index ?? 0))
  if (!rows.length) return []
  const labels: LabelOfOrder[] = []
  for (const row of rows) {
    const pages: Uint8Array[] = []
    for (const p of await shipping.versions().pages("label", row.id))
      pages.push(new Uint8Array(await shipping.documents().bytes(p.id)))
    labels.push({ ...(row as unknown as LabelOfOrder), pages })
  }
  const orderId = rows[0].order_id
  const order =
    orderId && types.some((t) => t !== "label")
      ? ((await deps.ports.order(orderId)) as OrderForDocuments | undefined)
      : undefined
  return fulfillmentDocumentsOf(
    {
      orderId: orderId ?? rows[0].id,
      displayId: order?.display_id ?? orderId ?? rows[0].id,
      orderDate: order?.created_at ?? null,
      shippingAddress: fromMedusaAddress(order?.shipping_address ?? {}, {
        email: order?.email,
      }) as Address,
      lines: asArray<OrderLine>(order?.items),
      labels,
    },
    order ? types : types.filter((t) => t === "label"),
    deps.layout
  )
}
