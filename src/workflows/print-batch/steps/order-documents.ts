import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type {
  LabelOfOrder,
  OrderLine,
  PrintOrderInput,
} from "../../../lib/batches/print-order"
import {
  fromMedusaAddress,
  type MedusaAddressLike,
} from "../../../providers/shipping-services/mapping/address"
import type { Address } from "../../../shipping-api/schemas/address"
import { shippingOf } from "../../../modules/shipping-services"

/** Bounded memory, few round trips. */
const ORDER_PAGE = 25

export type OrderToPrint = {
  orderId: string
  shipmentIds: string[]
  key?: string
}

type OrderRow = {
  id: string
  display_id?: number | null
  created_at?: Date | string | null
  email?: string | null
  shipping_address?: MedusaAddressLike | null
  items?: OrderLine[]
}

/** A page of orders with their label files at a time, so a large batch never holds all its files. */
export async function* printInputsOf(
  container: MedusaContainer,
  orders: OrderToPrint[]
): AsyncGenerator<{ key?: string; input: PrintOrderInput }> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const shipping = shippingOf(container)
  for (let at = 0; at < orders.length; at += ORDER_PAGE) {
    const page = orders.slice(at, at + ORDER_PAGE)
    const { data } = await query.graph({
      entity: "order",
      fields: [
        "id",
        "display_id",
        "created_at",
        "email",
        "shipping_address.*",
        "items.id",
        "items.title",
        "items.product_title",
        "items.variant_title",
        "items.variant_sku",
        "items.quantity",
      ],
      filters: { id: page.map((o) => o.orderId) },
    })
    const byId = new Map((data as OrderRow[]).map((o) => [o.id, o]))
    const rows = await shipping.listShipments(
      { id: page.flatMap((o) => o.shipmentIds) },
      {
        select: [
          "id",
          "tracking_number",
          "label_format",
          "label_size",
          "parcel_index",
          "parcel",
          "customs",
          "created_at",
        ],
      }
    )
    const shipments = new Map(rows.map((r) => [r.id, r]))
    const files = await shipping.documents().labelPages(rows.map((r) => r.id))
    for (const item of page) {
      const order = byId.get(item.orderId)
      if (!order) continue
      const labels: LabelOfOrder[] = []
      for (const id of item.shipmentIds) {
        const row = shipments.get(id)
        if (!row) continue
        labels.push({
          ...(row as unknown as LabelOfOrder),
          pages: (files.get(id) ?? []).map(
            (b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength)
          ),
        })
        files.delete(id)
      }
      yield {
        key: item.key,
        input: {
          orderId: order.id,
          displayId: order.display_id ?? order.id,
          orderDate: order.created_at ?? null,
          shippingAddress: addressOf(order),
          lines: order.items ?? [],
          labels,
        },
      }
    }
  }
}

function addressOf(order: OrderRow): Address {
  return fromMedusaAddress(order.shipping_address ?? {}, {
    email: order.email,
  }) as Address
}
