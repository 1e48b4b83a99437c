import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { storeShipmentLabelWorkflow } from "../workflows/store-shipment-label"
import { inFlight } from "../lib/in-flight"

type Payload = {
  fulfillment_id?: string
  order_id?: string
  return_id?: string
}

// A burst fulfills about 20 orders a second per process: a second's worth shares one run (its
// workflow, shipment and page reads, link checks). The labels are stored with the purchase
// already; only the links and the "attached" mark wait, well inside recovery's grace.
const BATCH_WINDOW_MS = 1000
let batch: Set<string> | null = null

/**
 * After Medusa created a fulfillment (outbound or return): its label into the File module and
 * the shipment linked to the fulfillment and the order. Fulfillments created close together
 * (a burst of orders) are stored by one workflow run. Labels stay readable from the shipment row
 * meanwhile, and the store-pending-labels job stores whatever a crash left behind.
 */
export default async function storeShipmentLabels({
  event,
  container,
}: SubscriberArgs<Payload>) {
  const ids: string[] = []
  if (event.data.fulfillment_id) ids.push(event.data.fulfillment_id)
  if (event.data.return_id) {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "return",
      fields: ["id", "fulfillments.id"],
      filters: { id: event.data.return_id },
    })
    for (const f of (data[0]?.fulfillments ?? []) as { id: string }[])
      ids.push(f.id)
  }
  if (!ids.length) return
  if (batch) {
    ids.forEach((id) => batch!.add(id))
    return
  }
  batch = new Set(ids)
  // Background work from now: the batch waits for its window, then is stored.
  void inFlight(async () => {
    await new Promise((resolve) => setTimeout(resolve, BATCH_WINDOW_MS))
    await flush(container)
  })
}

async function flush(container: MedusaContainer) {
  const fulfillment_ids = [...(batch ?? [])]
  batch = null
  try {
    await storeShipmentLabelWorkflow(container).run({
      input: { fulfillment_ids },
    })
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `shipping-services: storing ${fulfillment_ids.length} label(s) failed, the store-pending-labels job retries: ${String((error as Error)?.message ?? error)}`
      )
  }
}

export const config: SubscriberConfig = {
  event: ["order.fulfillment_created", "order.return_requested"],
  context: { subscriberId: "shipping-services-store-labels" },
}
