import type { CartForCheckout } from "./checkout"
import type { MedusaAddressLike } from "./mapping/address"
import type { ProviderPorts } from "./ports"

/**
 * The context Medusa prices a calculated option with for an exchange's or a claim's outbound
 * shipping method (fetchShippingOptionForOrderWorkflow): the order (its id, but no address: Medusa
 * 2.21 asks for `shipping_address` without its fields), every item of the order, and the change's
 * own items as `exchange_items` / `claim_items` ([{ id, quantity }], line items the change adds,
 * not yet in the order's items).
 */
export type RmaContext = {
  id?: string | null
  shipping_address?: MedusaAddressLike | null
  exchange_id?: string
  exchange_items?: { id: string; quantity: number | string }[]
  claim_id?: string
  claim_items?: { id: string; quantity: number | string }[]
}

/** The items an exchange or a claim sends, when the context is one's outbound method. Pure. */
export function rmaItemsOf(
  context: RmaContext | null | undefined
): { id: string; quantity: number }[] | null {
  const items = context?.exchange_items ?? context?.claim_items
  if (!items) return null
  return items
    .filter((i) => !!i.id && Number(i.quantity) > 0)
    .map((i) => ({ id: i.id, quantity: Number(i.quantity) }))
}

/**
 * What an exchange's or a claim's outbound method sends, as a cart the dry run and the rates take:
 * the order's address, email, currency and metadata, and only the change's items (read by id:
 * they are not in the order's items yet) at the change's quantities. Null for any other context.
 */
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
