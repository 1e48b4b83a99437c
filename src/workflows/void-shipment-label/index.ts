import { cancelOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { loadVoidableShipmentStep } from "./steps/load-voidable-shipment"
import { readVoidStep } from "./steps/read-void"
import { recordShipmentVoidedStep } from "./steps/record-shipment-voided"
import { voidAtServiceStep } from "./steps/void-at-service"

export type VoidShipmentLabelInput = {
  shipment_id: string
  canceled_by?: string
  no_notification?: boolean
}

/**
 * Voids a label: through Medusa's cancelOrderFulfillmentWorkflow (items back, the provider voids
 * and records) when a fulfillment holds it, at the service directly when it is orphaned.
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

    return new WorkflowResponse(
      readVoidStep({ shipment_id: input.shipment_id })
    )
  }
)
