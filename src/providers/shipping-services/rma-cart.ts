import type { CartForCheckout } from "./checkout"
import type { MedusaAddressLike } from "./mapping/address"
import type { ProviderPorts } from "./ports"

/** Medusa's pricing context for an exchange's or claim's outbound method: no address, change items as `*_items`. */
export type RmaContext = {
  id?: string | null
  shipping_address?: MedusaAddressLike | null
  exchange_id?: string
  exchange_items?: { id: string; quantity: number | string }[]
  claim_id?: string
  claim_items?: { id: string; quantity: number | string }[]
}

/** Pure. */
export function rmaItemsOf(
  context: RmaContext | null | undefined
): { id: string; quantity: number }[] | null {
  const items = context?.exchange_items ?? context?.claim_items
  if (!items) return null
  return items
    .filter((i) => !!i.id && Number(i.quantity) > 0)
    .map((i) => ({ id: i.id, quantity: Number(i.quantity) }))
}

/** The order's details with only the change's items (read by id: not in the order yet); null otherwise. */
export async function rmaCartOf(
  ports: Pick<ProviderPorts, "order" | "lineItems">,
  context: RmaContext & Record<string, unknown>
): Promise<CartForCheckout | null> {
  const items = rmaItemsOf(context)
  if (!items || !context.id) return null
  const [order, lines] = await Promise.all([
    ports.order(context.id),
    ports.lineItems(items.map((i) => i.id)),
  ])
  const byId = new Map(lines.map((l) => [String(l.id), l]))
  const o = (order ?? {}) as {
    email?: string | null
    currency_code?: string | null
    metadata?: Record<string, unknown> | null
    shipping_address?: MedusaAddressLike | null
  }
  return {
    id: context.id,
    email: o.email ?? null,
    currency_code: o.currency_code ?? (context.currency_code as string | null),
    metadata: o.metadata ?? null,
    shipping_address: o.shipping_address ?? context.shipping_address ?? null,
    items: items
      .filter((i) => byId.has(i.id))
      .map((i) => ({
        ...(byId.get(i.id) as Record<string, unknown>),
        id: i.id,
        quantity: i.quantity,
      })) as CartForCheckout["items"],
  }
}
