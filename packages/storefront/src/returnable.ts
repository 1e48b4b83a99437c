/**
 * What an order may send back, from Medusa's store order: pure, so a server component can call it
 * (a function exported by a "use client" file cannot be called on the server).
 */

/** An order line the shopper may send back, with how many (see `returnableItems`). */
export type ReturnableItem = {
  id: string
  title: string
  /** At most this many go back. */
  quantity: number
  subtitle?: string | null
}

/**
 * Medusa's rule for what may go back: what was fulfilled, less what returns already requested
 * (Medusa refuses more with "Cannot request to return more items than what was fulfilled").
 * Takes the items of GET /store/orders/:id (with `*items.detail`, which is Medusa's default).
 */
export function returnableItems(
  items: readonly {
    id: string
    title?: string | null
    product_title?: string | null
    variant_title?: string | null
    quantity?: number | string | null
    detail?: {
      fulfilled_quantity?: number | string | null
      return_requested_quantity?: number | string | null
    } | null
  }[]
): ReturnableItem[] {
  return items
    .map((item) => {
      const fulfilled = Number(item.detail?.fulfilled_quantity ?? 0)
      const requested = Number(item.detail?.return_requested_quantity ?? 0)
      return {
        id: item.id,
        title: item.product_title ?? item.title ?? item.id,
        subtitle:
          item.variant_title && item.variant_title !== "Default"
            ? item.variant_title
            : null,
        quantity: Math.max(0, Math.floor(fulfilled - requested)),
      }
    })
    .filter((i) => i.quantity > 0)
}
