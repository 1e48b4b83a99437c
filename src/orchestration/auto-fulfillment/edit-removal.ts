import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { shippingOf } from "../../modules/shipping-services"

/**
 * An edit lowering a line below its fulfilled units is refused by Medusa in words that say neither
 * why nor what to do: when our labels hold the line, these name them and the way out (void, then
 * edit; or keep the parcel). Null otherwise: Medusa's answer stands. Reads only.
 */
export async function fulfilledRemovalWords(
  container: MedusaContainer,
  orderId: string,
  itemId: string,
  quantity: number
): Promise<string | null> {
  if (!orderId || !itemId || !Number.isFinite(quantity)) return null
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({
      entity: "order",
      fields: [
        "id",
        "items.id",
        "items.title",
        "items.product_title",
        "items.detail.fulfilled_quantity",
      ],
      filters: { id: orderId },
    })
  const item = (
    (
      data[0] as {
        items?: {
          id: string
          title?: string | null
          product_title?: string | null
          detail?: { fulfilled_quantity?: number | string | null } | null
        }[]
      }
    )?.items ?? []
  ).find((i) => i.id === itemId)
  const fulfilled = Number(item?.detail?.fulfilled_quantity ?? 0)
  if (!item || quantity >= fulfilled) return null
  const shipping = shippingOf(container)
  const labels = (
    await shipping.listShipments(
      { order_id: orderId, status: "created", is_return: false },
      { select: ["id", "tracking_number", "fulfillment_id", "parcel"] }
    )
  ).filter((s) =>
    (
      (s.parcel as { items?: { line_item_id?: string }[] } | null)?.items ?? []
    ).some((i) => i.line_item_id === itemId)
  )
  if (!labels.length) return null
  const title = item.product_title ?? item.title ?? itemId
  const list = labels
    .map(
      (l) =>
        `${l.tracking_number ?? l.id} (fulfillment ${l.fulfillment_id ?? "?"})`
    )
    .join(", ")
  return `“${title}” has ${fulfilled} unit(s) on the shipping service's label${labels.length > 1 ? "s" : ""} ${list}: Medusa cannot remove fulfilled units. To remove it, void ${labels.length > 1 ? "those labels" : "that label"} on the order page (Shipping service → Void: the fulfillment is canceled with it), then edit the order; if the parcel ships anyway, keep the label (or Reprint it).`
}
