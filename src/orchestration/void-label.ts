import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { cancelOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { voidability } from "../lib/shipments/voidability"
import type ShippingServicesModuleService from "../modules/shipping-services/service"
import { SHIPPING_SERVICES_MODULE } from "../options/resolve"
import type { ShipmentRecord } from "../modules/shipping-services/models"
import { voidShipmentRow } from "../providers/shipping-services/void-shipment"
import { actionErrorOf, ShippingActionError } from "./action-error"
import { pluginClient } from "./client"

/**
 * Voids a label the Medusa way: cancelOrderFulfillmentWorkflow cancels the fulfillment (items
 * back to fulfil, reservations restored, order.fulfillment_canceled emitted) and calls the
 * provider's cancelFulfillment, which voids at the service (doc 4). Refused up front, in words,
 * when Medusa or the service would refuse.
 */
export async function voidLabel(container: MedusaContainer, shipmentId: string, input: { canceledBy?: string; noNotification?: boolean } = {}) {
  const shipping: ShippingServicesModuleService = container.resolve(SHIPPING_SERVICES_MODULE)
  const [row] = await shipping.listShipments({ id: shipmentId })
  if (!row) throw new ShippingActionError(`Shipment ${shipmentId} was not found`, 404, "not_found")
  const label = row.tracking_number ?? row.id
  if (row.orphaned_at && row.status === "created") return voidOrphan(container, shipping, row)
  const [fulfillment] = row.fulfillment_id
    ? await container.resolve(Modules.FULFILLMENT).listFulfillments({ id: row.fulfillment_id }, { select: ["id", "shipped_at", "delivered_at", "canceled_at"] })
    : []
  const verdict = voidability(row, fulfillment ?? null, new Date())
  if (!verdict.allowed) throw new ShippingActionError(`Label ${label} cannot be voided: ${verdict.reason}`, 400, "not_allowed")
  if (!row.order_id) throw new ShippingActionError(`Label ${label} cannot be voided: it belongs to no order.`, 400, "not_allowed")
  try {
    await cancelOrderFulfillmentWorkflow(container).run({
      input: { order_id: row.order_id, fulfillment_id: row.fulfillment_id as string, canceled_by: input.canceledBy, no_notification: input.noNotification },
    })
  } catch (error) {
    throw actionErrorOf(error, `Label ${label} was not voided`)
  }
  const [after] = await shipping.listShipments({ id: shipmentId }, { select: ["id", "status", "void_status", "voided_at"] })
  return { status: after.status, void_status: after.void_status, voided_at: after.voided_at }
}

/**
 * A label no fulfillment holds (a purchase a stopped process left behind, see recovery.ts):
 * there is no Medusa fulfillment to cancel, so it is voided at the service directly.
 */
async function voidOrphan(container: MedusaContainer, shipping: ShippingServicesModuleService, row: ShipmentRecord) {
  const options = shipping.getOptions()
  const label = row.tracking_number ?? row.id
  let outcome
  try {
    outcome = await voidShipmentRow(shipping, pluginClient(options, container.resolve(ContainerRegistrationKeys.LOGGER)), row, { carrierAccountId: options.shipper.carrierAccountId, reason: "orphan" })
  } catch (error) {
    throw actionErrorOf(error, `Label ${label} was not voided`)
  }
  if (!outcome.voided) throw new ShippingActionError(`Label ${label} cannot be voided: ${outcome.reason}.`, 400, "not_allowed")
  const [after] = await shipping.listShipments({ id: row.id }, { select: ["id", "status", "void_status", "voided_at"] })
  return { status: after.status, void_status: after.void_status, voided_at: after.voided_at }
}
