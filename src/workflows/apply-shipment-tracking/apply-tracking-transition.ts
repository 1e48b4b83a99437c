import {
  createOrderShipmentWorkflow,
  markOrderFulfillmentAsDeliveredWorkflow,
} from "@medusajs/medusa/core-flows"
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  recordTransitionAppliedStep,
  type Transition,
} from "./steps/record-transition-applied"

export type ApplyTransitionInput = {
  shipment_id: string
  transition: Transition
  applied_at: Date
  order_id: string
  fulfillment_id: string
  no_notification: boolean
  /** shipped: the fulfillment's items and every live parcel's label (Medusa replaces the labels with these). */
  items: { id: string; quantity: number }[]
  labels: { tracking_number: string; tracking_url: string; label_url: string }[]
}

/**
 * One tracking transition to Medusa: the shipment records it, then Medusa's own workflow marks
 * the fulfillment shipped (createOrderShipmentWorkflow: shipment.created, the order shipped) or
 * delivered (markOrderFulfillmentAsDeliveredWorkflow: delivery.created). If Medusa's workflow
 * fails, it compensates itself and the record is given back. A workflow per transition, so a
 * failed delivery never undoes a shipment already applied.
 */
export const applyTrackingTransitionWorkflow = createWorkflow(
  "shipping-services-apply-tracking-transition",
  (input: ApplyTransitionInput) => {
    recordTransitionAppliedStep({
      shipment_id: input.shipment_id,
      transition: input.transition,
      applied_at: input.applied_at,
    })
    when(
      "shipping-services-apply-tracking-shipped",
      { input },
      ({ input }) => input.transition === "shipped"
    ).then(() => {
      const shipment = transform({ input }, ({ input }) => ({
        order_id: input.order_id,
        fulfillment_id: input.fulfillment_id,
        items: input.items,
        labels: input.labels,
        no_notification: input.no_notification,
      }))
      createOrderShipmentWorkflow.runAsStep({ input: shipment })
    })
    when(
      "shipping-services-apply-tracking-delivered",
      { input },
      ({ input }) => input.transition === "delivered"
    ).then(() => {
      const delivered = transform({ input }, ({ input }) => ({
        orderId: input.order_id,
        fulfillmentId: input.fulfillment_id,
        no_notification: input.no_notification,
      }))
      markOrderFulfillmentAsDeliveredWorkflow.runAsStep({ input: delivered })
    })
    return new WorkflowResponse(input.transition)
  }
)
