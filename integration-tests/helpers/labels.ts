import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import { waitFor } from "../../dev/wait"

/**
 * The label of an order placed with automatic fulfillment, once Medusa's fulfillment workflow has
 * finished. The shipment row appears while the provider runs, inside that workflow, before the
 * workflow records the fulfilled quantities and links the fulfillment to the order: a test that
 * cancels or reads the fulfillment as soon as the row appears races the workflow (seen in CI:
 * "Cannot cancel more items than what was fulfilled"). The auto-fulfillment row turns
 * "succeeded" only after the workflow has returned. With `files`, also waits until the
 * label-storage subscriber, which runs after the workflow, has linked and attached the label.
 */
export async function labelOf(
  shipping: () => ShippingServicesModuleService,
  orderId: string,
  { files = false } = {}
) {
  await waitFor(
    async () =>
      (
        await shipping().listAutoFulfillments({
          order_id: orderId,
          status: "succeeded",
        })
      ).length > 0,
    `fulfillment of ${orderId}`
  )
  return waitFor(
    async () => {
      const [row] = await shipping().listShipments({
        order_id: orderId,
        status: "created",
      })
      return row && (!files || row.attached_at) ? row : undefined
    },
    `label${files ? " files" : ""} of ${orderId}`
  )
}
