import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/** A Medusa return as the return use cases read it. */
export type ReturnRecord = {
  id: string
  order_id: string
  status?: string | null
  no_notification?: boolean | null
  requested_at?: Date | string | null
  created_at?: Date | string | null
  canceled_at?: Date | string | null
  exchange_id?: string | null
  claim_id?: string | null
  items?: { received_quantity?: number | string | null }[] | null
  fulfillments?:
    | {
        id: string
        provider_id?: string | null
        canceled_at?: Date | string | null
      }[]
    | null
  order?: {
    id: string
    display_id?: number | string | null
    email?: string | null
    no_notification?: boolean | null
  } | null
}

const RETURN_FIELDS = [
  "id",
  "order_id",
  "status",
  "no_notification",
  "requested_at",
  "created_at",
  "canceled_at",
  "exchange_id",
  "claim_id",
  "items.received_quantity",
  "fulfillments.id",
  "fulfillments.provider_id",
  "fulfillments.canceled_at",
  "order.id",
  "order.display_id",
  "order.email",
  "order.no_notification",
]

/** Canceled ones included. */
export async function readReturns(
  container: MedusaContainer,
  filters: { id?: string; order_id?: string }
): Promise<ReturnRecord[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "return",
    fields: RETURN_FIELDS,
    filters,
  })
  return data as ReturnRecord[]
}

export async function readReturn(
  container: MedusaContainer,
  returnId: string
): Promise<ReturnRecord | undefined> {
  return (await readReturns(container, { id: returnId }))[0]
}
