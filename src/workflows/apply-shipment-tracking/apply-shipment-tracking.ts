import {
  createOrderShipmentWorkflow,
  emitEventStep,
  markOrderFulfillmentAsDeliveredWorkflow,
} from "@medusajs/medusa/core-flows"
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  recordShipmentTrackingStep,
  type RecordTrackingInput,
} from "./steps/record-shipment-tracking"
import {
  markEventsProcessedStep,
  type ProcessedEvents,
} from "./steps/mark-events-processed"

export const RETURN_DELIVERED_EVENT = "shipping-services.return.delivered"

type Target = {
  order_id: string
  fulfillment_id: string
  no_notification: boolean
}

export type ApplyShipmentTrackingInput = RecordTrackingInput & {
  /** Medusa's shipment: the fulfillment's items and every live parcel's label (Medusa replaces the labels with these). */
  shipped?: Target & {
    items: { id: string; quantity: number }[]
    labels: {
      tracking_number: string
      tracking_url: string
      label_url: string
    }[]
  }
  delivered?: Target
  processed: ProcessedEvents
  /** A return parcel's delivery: the event's payload and the bus's retry options. */
  return_delivered?: {
    data: Record<string, unknown>
    options?: Record<string, unknown>
  }
}

/**
 * One apply of a shipment's timeline: its record, Medusa's shipment and delivery (nested), its
 * events marked applied, a return's delivery announced. A failure compensates the whole run, so
 * the events stay unprocessed for the next delivery, the polling job or a retry.
 */
export const applyShipmentTrackingWorkflow = createWorkflow(
  "shipping-services-apply-shipment-tracking",
  (input: ApplyShipmentTrackingInput) => {
    recordShipmentTrackingStep(
      transform({ input }, ({ input }) => ({
        shipment_id: input.shipment_id,
        fields: input.fields,
        applied: input.applied,
        applied_at: input.applied_at,
      }))
    )
    when(
      "shipping-services-apply-tracking-shipped",
      { input },
      ({ input }) => !!input.shipped
    ).then(() => {
      createOrderShipmentWorkflow.runAsStep({
        input: transform({ input }, ({ input }) => input.shipped!),
      })
    })
    when(
      "shipping-services-apply-tracking-delivered",
      { input },
      ({ input }) => !!input.delivered
    ).then(() => {
      markOrderFulfillmentAsDeliveredWorkflow.runAsStep({
        input: transform({ input }, ({ input }) => ({
          orderId: input.delivered!.order_id,
          fulfillmentId: input.delivered!.fulfillment_id,
          no_notification: input.delivered!.no_notification,
        })),
      })
    })
    markEventsProcessedStep(
      transform({ input }, ({ input }) => ({
        processed: input.processed,
        processed_at: input.applied_at,
      }))
    )
    // A grouped event: released only when the run succeeds, so announced once.
    when(
      "shipping-services-apply-tracking-return-delivered",
      { input },
      ({ input }) => !!input.return_delivered
    ).then(() => {
      emitEventStep(
        transform({ input }, ({ input }) => ({
          eventName: RETURN_DELIVERED_EVENT,
          data: input.return_delivered!.data,
          options: input.return_delivered!.options,
        }))
      ).config({ name: "shipping-services-emit-return-delivered" })
    })
    return new WorkflowResponse(input.shipment_id)
  }
)
