import { emitEventStep } from "@medusajs/medusa/core-flows"
import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { recordTransitionAppliedStep } from "../apply-shipment-tracking/steps/record-transition-applied"

export const RETURN_DELIVERED_EVENT = "shipping-services.return.delivered"

export type RecordReturnDeliveredInput = {
  shipment_id: string
  applied_at: Date
  /** The event's payload (order, return, fulfillment, tracking number). */
  data: Record<string, unknown>
  /** How the event bus retries its subscribers (the plugin's event options). */
  event_options?: Record<string, unknown>
}

/**
 * A return parcel reached the merchant (tracking `Delivered`): recorded on its shipment
 * (`delivered_applied_at`), and `shipping-services.return.delivered` announced. Medusa's return
 * is not touched: receiving it stays the merchant's act. The event is one of the workflow's
 * grouped events, released only when the record is written, and dropped with it when a step
 * fails: recorded once, announced once.
 */
export const recordReturnDeliveredWorkflow = createWorkflow(
  "shipping-services-record-return-delivered",
  (input: RecordReturnDeliveredInput) => {
    const record = transform({ input }, ({ input }) => ({
      shipment_id: input.shipment_id,
      transition: "delivered" as const,
      applied_at: input.applied_at,
    }))
    recordTransitionAppliedStep(record)
    const event = transform({ input }, ({ input }) => ({
      eventName: RETURN_DELIVERED_EVENT,
      data: input.data,
      options: input.event_options,
    }))
    emitEventStep(event).config({
      name: "shipping-services-emit-return-delivered",
    })
    return new WorkflowResponse(input.shipment_id)
  }
)
