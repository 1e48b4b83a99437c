import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ShippingActionError } from "../../../lib/action-error"
import { voidability } from "../../../lib/shipments/voidability"
import { shippingOf } from "../../../modules/shipping-services"

export type VoidableShipment = {
  shipment_id: string
  label: string
  /** A label no fulfillment holds (a purchase a stopped process left behind): voided at the service directly. */
  orphan: boolean
  order_id: string | null
  fulfillment_id: string | null
}

export const loadVoidableShipmentStepId =
  "shipping-services-load-voidable-shipment"
/**
 * Loads the shipment and refuses, in words, what Medusa or the service would refuse (shipped,
 * canceled, outside the void window, return label…). Reads only: nothing to compensate.
 */
export const loadVoidableShipmentStep = createStep(
  loadVoidableShipmentStepId,
  async (input: { shipment_id: string }, { container }) => {
    const shipping = shippingOf(container)
    const [row] = await shipping.listShipments({ id: input.shipment_id })
    if (!row)
      throw new ShippingActionError(
        `Shipment ${input.shipment_id} was not found`,
        404,
        "not_found"
      )
    const label = row.tracking_number ?? row.id
    const base = {
      shipment_id: row.id,
      label,
      order_id: row.order_id,
      fulfillment_id: row.fulfillment_id,
    }
    if (row.orphaned_at && row.status === "created")
      return new StepResponse<VoidableShipment>({ ...base, orphan: true })
    const [fulfillment] = row.fulfillment_id
      ? await container
          .resolve(Modules.FULFILLMENT)
          .listFulfillments(
            { id: row.fulfillment_id },
            { select: ["id", "shipped_at", "delivered_at", "canceled_at"] }
          )
      : []
    const verdict = voidability(row, fulfillment ?? null, new Date())
    if (!verdict.allowed)
      throw new ShippingActionError(
        `Label ${label} cannot be voided: ${verdict.reason}`,
        400,
        "not_allowed"
      )
    if (!row.order_id)
      throw new ShippingActionError(
        `Label ${label} cannot be voided: it belongs to no order.`,
        400,
        "not_allowed"
      )
    return new StepResponse<VoidableShipment>({ ...base, orphan: false })
  }
)
