import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { SelectedOrder } from "../../lib/batches/selection"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import { isOurProvider } from "../../options/resolve"
import { shippingOf } from "../../modules/shipping-services"

type OrderRow = {
  id: string
  display_id?: number | null
  status?: string | null
  items?: {
    quantity?: number
    requires_shipping?: boolean
    detail?: { quantity?: number; fulfilled_quantity?: number }
  }[]
  shipping_methods?: { shipping_option_id?: string | null }[]
}

/** A few reads for the whole selection, not per order. */
export async function loadSelection(
  container: MedusaContainer,
  orderIds: string[]
): Promise<SelectedOrder[]> {
  const ids = [...new Set(orderIds)]
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const shipping = shippingOf(container)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "display_id",
      "status",
      "items.quantity",
      "items.requires_shipping",
      "items.detail.quantity",
      "items.detail.fulfilled_quantity",
      "shipping_methods.shipping_option_id",
    ],
    filters: { id: ids },
  })
  const orders = new Map((data as OrderRow[]).map((o) => [o.id, o]))
  const optionIds = [
    ...new Set(
      [...orders.values()].flatMap((o) =>
        (o.shipping_methods ?? [])
          .map((m) => m.shipping_option_id)
          .filter((id): id is string => !!id)
      )
    ),
  ]
  const options = optionIds.length
    ? await container
        .resolve(Modules.FULFILLMENT)
        .listShippingOptions(
          { id: optionIds },
          { select: ["id", "provider_id"] }
        )
    : []
  const ourOptions = new Set(
    options.filter((o) => isOurProvider(o.provider_id)).map((o) => o.id)
  )
  const labels = await shipping.listShipments(
    { order_id: ids, status: "created", is_return: false },
    { select: ["id", "order_id"] }
  )
  const labelCount = new Map<string, number>()
  for (const l of labels)
    if (l.order_id)
      labelCount.set(l.order_id, (labelCount.get(l.order_id) ?? 0) + 1)
  const open = await shipping.listBatchItems(
    { order_id: ids, status: ["waiting", "running"] },
    { select: ["order_id", "batch_id"] }
  )
  const inBatch = new Map(open.map((i) => [i.order_id, i.batch_id]))

  return ids.map((id) => {
    const o = orders.get(id)
    if (!o)
      return {
        order_id: id,
        display_id: null,
        found: false,
        ours: false,
        canceled: false,
        unfulfilled: 0,
        labels: 0,
        in_batch: null,
      }
    const unfulfilled = (o.items ?? [])
      .filter((i) => i.requires_shipping !== false)
      .reduce(
        (n, i) =>
          n +
          Math.max(
            0,
            Number(i.detail?.quantity ?? i.quantity ?? 0) -
              Number(i.detail?.fulfilled_quantity ?? 0)
          ),
        0
      )
    return {
      order_id: id,
      display_id: o.display_id ?? null,
      found: true,
      ours: (o.shipping_methods ?? []).some(
        (m) => !!m.shipping_option_id && ourOptions.has(m.shipping_option_id)
      ),
      canceled: o.status === "canceled",
      unfulfilled,
      labels: labelCount.get(id) ?? 0,
      in_batch: inBatch.get(id) ?? null,
    }
  })
}

/** Those not printed yet, else all live outbound labels. */
export async function labelsToPrint(
  shipping: ShippingServicesModuleService,
  orderId: string
): Promise<string[]> {
  const rows = await shipping.listShipments(
    { order_id: orderId, status: "created", is_return: false },
    {
      select: [
        "id",
        "printed_at",
        "fulfillment_id",
        "parcel_index",
        "created_at",
      ],
      order: { created_at: "ASC" },
    }
  )
  const unprinted = rows.filter((r) => !r.printed_at)
  return (unprinted.length ? unprinted : rows).map((r) => r.id)
}
