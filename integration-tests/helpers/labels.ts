import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import { waitFor } from "../../dev/wait"

/**
 * The label of an order placed with automatic fulfilment, once Medusa's fulfilment workflow has
 * finished. The shipment row appears while the provider runs, inside that workflow, before the
 * workflow records the fulfilled quantities and links the fulfilment to the order: a test that
 * cancels or reads the fulfilment as soon as the row appears races the workflow (seen in CI:
 * "Cannot cancel more items than what was fulfilled"). The auto-fulfilment row turns
 * "succeeded" only after the workflow has returned. With `files`, also waits for the label's
 * files, which a subscriber stores after the workflow.
 */
export async function labelOf(shipping: () => ShippingServicesModuleService, orderId: string, { files = false } = {}) {
  await waitFor(async () => (await shipping().listAutoFulfillments({ order_id: orderId, status: "succeeded" })).length > 0, `fulfilment of ${orderId}`)
  return waitFor(async () => {
    const [row] = await shipping().listShipments({ order_id: orderId, status: "created" })
    return row && (!files || ((row.label_files as { ids?: unknown[] } | null)?.ids?.length ?? 0) > 0) ? row : undefined
  }, `label${files ? " files" : ""} of ${orderId}`)
}
