import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { shippingOf } from "../../modules/shipping-services"

/**
 * An order edit that lowers a line below what was fulfilled (removing an item whose label was
 * bought): Medusa refuses it ("cannot be lower than" the fulfilled quantity), in words that do
 * not say why or what to do. When the plugin's labels hold that line, these words name them and
 * the way out: void the label (which cancels its fulfillment) on the order page, then edit; or
 * keep the parcel. Null when the edit does not lower the line below its fulfilled units, or no
 * label of the plugin holds it (Medusa's own answer then stands). Reads only.
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
