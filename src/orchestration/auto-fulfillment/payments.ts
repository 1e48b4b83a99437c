import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isCapturedInFull } from "../../lib/auto-fulfillment/capture"

/** The order a payment was made for (order ↔ payment collection link), if any. */
export async function orderOfPayment(
  container: MedusaContainer,
  paymentId: string
): Promise<string | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: payments } = await query.graph({
    entity: "payment",
    fields: ["id", "payment_collection_id"],
    filters: { id: paymentId },
  })
  const collectionId = (
    payments[0] as { payment_collection_id?: string | null } | undefined
  )?.payment_collection_id
  if (!collectionId) return undefined
  const { data: links } = await query.graph({
    entity: "order_payment_collection",
    fields: ["order_id"],
    filters: { payment_collection_id: collectionId },
  })
  return (links[0] as { order_id?: string } | undefined)?.order_id
}

/** Whether the order's payments are captured in full. */
export async function orderCapturedInFull(
  container: MedusaContainer,
  orderId: string
): Promise<boolean> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "payment_collections.id", "payment_collections.status"],
    filters: { id: orderId },
  })
  const order = data[0] as
    { payment_collections?: { status?: string | null }[] | null } | undefined
  return isCapturedInFull(order?.payment_collections)
}
