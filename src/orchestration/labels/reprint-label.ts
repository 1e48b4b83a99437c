import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { reprintState, type ReprintState } from "../../lib/shipments/reprints"
import { reprintShipmentLabelWorkflow } from "../../workflows/reprint-shipment-label"
import { actionErrorOf } from "../../lib/action-error"
import { shippingOf } from "../../modules/shipping-services"

export { isReprintLimitError } from "../../workflows/reprint-shipment-label"

/**
 * Reprints a label through reprintShipmentLabelWorkflow,
 * under the label's lock: two clicks must not both pass the count (at most 3, doc 4). The new
 * label replaces the stored one behind the same label route.
 */
export async function reprintLabel(
  container: MedusaContainer,
  shipmentId: string
): Promise<{ reprints: ReprintState }> {
  const shipping = shippingOf(container)
  return container.resolve(Modules.LOCKING).execute(
    `shipping-services:label:${shipmentId}`,
    async () => {
      try {
        await reprintShipmentLabelWorkflow(container).run({
          input: { shipment_id: shipmentId },
        })
      } catch (error) {
        throw actionErrorOf(error, `Label ${shipmentId} was not reprinted`)
      }
      const [after] = await shipping.listShipments({ id: shipmentId })
      return { reprints: reprintState(after) }
    },
    { timeout: 30 }
  )
}
