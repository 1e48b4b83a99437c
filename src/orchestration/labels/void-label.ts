import type { MedusaContainer } from "@medusajs/framework/types"
import { voidShipmentLabelWorkflow } from "../../workflows/void-shipment-label"
import { actionErrorOf } from "../../lib/action-error"
import { shippingOf } from "../../modules/shipping-services"

/**
 * Voids a label through voidShipmentLabelWorkflow: Medusa's
 * cancelOrderFulfillmentWorkflow for a label its fulfillment holds, the service directly for an
 * orphaned one. Errors come out worded for the admin (ShippingActionError).
 */
export async function voidLabel(
  container: MedusaContainer,
  shipmentId: string,
  input: { canceledBy?: string; noNotification?: boolean } = {}
) {
  try {
    await voidShipmentLabelWorkflow(container).run({
      input: {
        shipment_id: shipmentId,
        canceled_by: input.canceledBy,
        no_notification: input.noNotification,
      },
    })
  } catch (error) {
    throw actionErrorOf(
      error,
      `Label ${await labelOf(container, shipmentId)} was not voided`
    )
  }
  const shipping = shippingOf(container)
  const [after] = await shipping.listShipments(
    { id: shipmentId },
    { select: ["id", "status", "void_status", "voided_at"] }
  )
  return {
    status: after.status,
    void_status: after.void_status,
    voided_at: after.voided_at,
  }
}

async function labelOf(
  container: MedusaContainer,
  shipmentId: string
): Promise<string> {
  const shipping = shippingOf(container)
  const [row] = await shipping
    .listShipments({ id: shipmentId }, { select: ["id", "tracking_number"] })
    .catch(() => [])
  return row?.tracking_number ?? shipmentId
}
