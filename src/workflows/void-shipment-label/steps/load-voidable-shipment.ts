import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { voidability } from "../../../lib/shipments/voidability"
import { shippingOf } from "../../../modules/shipping-services"

export type VoidableShipment = {
  shipment_id: string
  label: string
  /** No fulfillment holds it (a stopped process's purchase): voided at the service directly. */
  orphan: boolean
  order_id: string | null
  fulfillment_id: string | null
}

export const loadVoidableShipmentStepId =
  "shipping-services-load-voidable-shipment"
/** Refuses up front, in words, what Medusa or the service would refuse; reads only. */
export const loadVoidableShipmentStep = createStep(
  loadVoidableShipmentStepId,
  async (input: { shipment_id: string }, { container }) => {
    const shipping = shippingOf(container)
    const [row] = await shipping.listShipments({ id: input.shipment_id })
    if (!row)
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Shipment ${input.shipment_id} was not found`
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
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Label ${label} cannot be voided: ${verdict.reason}`
      )
    if (!row.order_id)
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Label ${label} cannot be voided: it belongs to no order.`
      )
    return new StepResponse<VoidableShipment>({ ...base, orphan: false })
  }
)
