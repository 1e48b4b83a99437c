import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { shipmentRefOf } from "../../../lib/shipments/fulfillment-data"
import { isOurProvider } from "../../../options/resolve"
import type { MedusaAddressLike } from "../../../providers/shipping-services/mapping/address"

/** A return fulfillment of the plugin's provider that names no label yet. */
export type AwaitingFulfillment = {
  id: string
  location_id: string | null
  data: Record<string, unknown> | null
  delivery_address: MedusaAddressLike | null
  /** Which service the label is bought with. */
  option_data: Record<string, unknown> | null
}

export type AwaitingReturn = {
  return_id: string
  order_id: string
  exchange_id: string | null
  claim_id: string | null
  /** The return's items, not the fulfillment's. */
  lines: { line_item_id: string; quantity: number }[]
  fulfillments: AwaitingFulfillment[]
}

export type MedusaReturn = {
  id: string
  order_id: string
  exchange_id?: string | null
  claim_id?: string | null
  created_at?: Date | string | null
  canceled_at?: Date | string | null
  items?: { item_id?: string | null; quantity?: unknown }[] | null
  fulfillments?:
    | {
        id: string
        provider_id?: string | null
        canceled_at?: Date | string | null
        data?: Record<string, unknown> | null
        created_at?: Date | string | null
      }[]
    | null
}

/** Live and naming no label. Pure. */
export function awaitingFulfillmentIds(ret: MedusaReturn): string[] {
  return (ret.fulfillments ?? [])
    .filter(
      (f) =>
        isOurProvider(f.provider_id) &&
        !f.canceled_at &&
        !shipmentRefOf(f.data ?? undefined)
    )
    .map((f) => f.id)
}

/** Quantities summed per line. Pure. */
export function returnedLines(
  items: MedusaReturn["items"]
): AwaitingReturn["lines"] {
  const quantities = new Map<string, number>()
  for (const item of items ?? []) {
    const quantity = Number(item.quantity ?? 0)
    if (!item.item_id || !(quantity > 0)) continue
    quantities.set(item.item_id, (quantities.get(item.item_id) ?? 0) + quantity)
  }
  return [...quantities].map(([line_item_id, quantity]) => ({
    line_item_id,
    quantity,
  }))
}

type QueryLike = {
  graph: (q: Record<string, unknown>) => Promise<{ data: unknown[] }>
}

const RETURN_FIELDS = [
  "id",
  "order_id",
  "exchange_id",
  "claim_id",
  "created_at",
  "canceled_at",
  "items.item_id",
  "items.quantity",
  "fulfillments.id",
  "fulfillments.provider_id",
  "fulfillments.canceled_at",
  "fulfillments.data",
  "fulfillments.created_at",
]

export async function queryReturns(
  container: { resolve: (key: string) => unknown },
  filters: Record<string, unknown>,
  take?: number
): Promise<MedusaReturn[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as QueryLike
  const { data } = await query.graph({
    entity: "return",
    fields: RETURN_FIELDS,
    filters,
    ...(take ? { pagination: { take, order: { created_at: "ASC" } } } : {}),
  })
  return data as MedusaReturn[]
}

/** Undefined when gone or canceled. */
export async function loadReturn(
  container: { resolve: (key: string) => unknown },
  returnId: string
): Promise<MedusaReturn | undefined> {
  const [ret] = await queryReturns(container, { id: returnId })
  return ret && !ret.canceled_at ? ret : undefined
}

export const loadAwaitingReturnStepId = "shipping-services-load-awaiting-return"
/** The return, its lines and its label-less fulfillments with what their labels need. */
export const loadAwaitingReturnStep = createStep(
  loadAwaitingReturnStepId,
  async (input: { return_id: string }, { container }) => {
    const ret = await loadReturn(container, input.return_id)
    const ids = ret ? awaitingFulfillmentIds(ret) : []
    if (!ret || !ids.length)
      return new StepResponse<AwaitingReturn | null>(null)
    const fulfillments = await container
      .resolve(Modules.FULFILLMENT)
      .listFulfillments(
        { id: ids },
        { relations: ["delivery_address", "shipping_option"] }
      )
    return new StepResponse<AwaitingReturn | null>({
      return_id: ret.id,
      order_id: ret.order_id,
      exchange_id: ret.exchange_id ?? null,
      claim_id: ret.claim_id ?? null,
      lines: returnedLines(ret.items),
      fulfillments: fulfillments.map((f) => ({
        id: f.id,
        location_id: f.location_id ?? null,
        data: (f.data as Record<string, unknown> | null) ?? null,
        delivery_address:
          (f.delivery_address as MedusaAddressLike | null) ?? null,
        option_data:
          (f.shipping_option?.data as Record<string, unknown> | null) ?? null,
      })),
    })
  }
)
