import { cancelOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { loadVoidableShipmentStep } from "./steps/load-voidable-shipment"
import { recordShipmentVoidedStep } from "./steps/record-shipment-voided"
import { voidAtServiceStep } from "./steps/void-at-service"

export type VoidShipmentLabelInput = {
  shipment_id: string
  canceled_by?: string
  no_notification?: boolean
}

/**
 * Voids a label. A label its fulfillment holds is voided the Medusa way: Medusa's
 * cancelOrderFulfillmentWorkflow (nested) cancels the fulfillment (items back to fulfill,
 * reservations restored, order.fulfillment_canceled emitted) and calls the provider's
 * cancelFulfillment, which voids at the service and records it (doc 4). An orphaned label (no
 * fulfillment holds it, as recovery finds it) is voided at the service directly and
 * recorded. Refused up front, in words, when Medusa or the service would refuse.
 */
export const voidShipmentLabelWorkflow = createWorkflow(
  "shipping-services-void-shipment-label",
  (input: VoidShipmentLabelInput) => {
    const shipment = loadVoidableShipmentStep({
      shipment_id: input.shipment_id,
    })

    when({ shipment }, ({ shipment }) => !shipment.orphan).then(() => {
      const cancel = transform({ shipment, input }, ({ shipment, input }) => ({
        order_id: shipment.order_id as string,
        fulfillment_id: shipment.fulfillment_id as string,
        canceled_by: input.canceled_by,
        no_notification: input.no_notification,
      }))
      cancelOrderFulfillmentWorkflow.runAsStep({ input: cancel })
    })

    when({ shipment }, ({ shipment }) => shipment.orphan).then(() => {
      const outcome = voidAtServiceStep({
        shipment_id: shipment.shipment_id,
        label: shipment.label,
      })
      recordShipmentVoidedStep({
        shipment_id: shipment.shipment_id,
        outcome,
        reason: "orphan",
      })
    })

    return new WorkflowResponse(shipment)
  }
)
