import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { messageOf } from "../../lib/errors"
import { ADDITIONAL_DATA_KEY } from "../../lib/shipments/additional-data"
import type { ShipmentRecord } from "../../modules/shipping-services/models"
import { ourShippingOptionOf } from "../auto-fulfillment/fulfill-now"
import {
  hasOpenAutoFulfillment,
  logger,
  SHIPMENTS,
  unattachedGroups,
  type RecoveryRun,
} from "./common"

/** Recovery's step 2: Medusa's workflow for the same items and parcels; the provider takes the labels by key. */
export async function rehomeLabels(run: RecoveryRun) {
  const { container, shipping, options, leases, report } = run
  for (const group of await unattachedGroups(
    run,
    options.recovery.leaseSeconds * 1000
  )) {
    const first = group[0]
    // Returns go back through Medusa's return flow; a partial group through automatic fulfillment, which repacks alike.
    if (
      !first.order_id ||
      first.is_return ||
      group.length !== (first.parcel_count ?? 1)
    )
      continue
    if (await hasOpenAutoFulfillment(shipping, first.order_id)) continue
    const parcels = [...group]
      .sort((a, b) => (a.parcel_index ?? 0) - (b.parcel_index ?? 0))
      .map((r) => parcelOf(r))
    if (parcels.some((p) => !p)) continue
    const taken: string[] = []
    for (const row of group)
      if (await leases.take(SHIPMENTS, row.id, ["created"])) taken.push(row.id)
    try {
      if (taken.length !== group.length) continue
      const fulfilled = await refulfill(
        container,
        first.order_id,
        parcels as ParcelOfRow[]
      )
      if (fulfilled) report.rehomed += group.length
    } finally {
      for (const id of taken) await leases.release(SHIPMENTS, id)
    }
  }
}

type ParcelOfRow = {
  items: { line_item_id: string; quantity: number }[]
  box?: string
}

function parcelOf(row: ShipmentRecord): ParcelOfRow | undefined {
  const parcel = row.parcel as {
    items?: { line_item_id: string; quantity: number }[]
    box?: string
  } | null
  if (parcel?.items?.length)
    return { items: parcel.items, ...(parcel.box ? { box: parcel.box } : {}) }
  // Labels of versions before several parcels: the request key names the lines.
  const lines = row.request_key.split("|")[2]
  if (!lines) return undefined
  const items = lines.split(",").map((pair) => {
    const [line_item_id, quantity] = pair.split(":")
    return { line_item_id, quantity: Number(quantity) }
  })
  return items.every((i) => i.line_item_id && i.quantity > 0)
    ? { items }
    : undefined
}

async function refulfill(
  container: MedusaContainer,
  orderId: string,
  parcels: ParcelOfRow[]
): Promise<boolean> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "shipping_methods.shipping_option_id"],
    filters: { id: orderId },
  })
  const order = data[0] as
    { shipping_methods?: { shipping_option_id?: string | null }[] } | undefined
  const shippingOptionId = order
    ? await ourShippingOptionOf(container, order)
    : undefined
  if (!shippingOptionId) return false
  const quantities = new Map<string, number>()
  for (const p of parcels)
    for (const i of p.items)
      quantities.set(
        i.line_item_id,
        (quantities.get(i.line_item_id) ?? 0) + i.quantity
      )
  try {
    await createOrderFulfillmentWorkflow(container).run({
      input: {
        order_id: orderId,
        items: [...quantities].map(([id, quantity]) => ({ id, quantity })),
        shipping_option_id: shippingOptionId,
        additional_data: { [ADDITIONAL_DATA_KEY]: { parcels } },
      },
    })
    return true
  } catch (error) {
    // Fulfilled otherwise, or canceled: the labels become orphans.
    logger(container).warn(
      `shipping-services: could not re-create the fulfillment of order ${orderId} around its bought labels: ${messageOf(error)}`
    )
    return false
  }
}
