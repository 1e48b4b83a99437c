import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { ShipmentTrackingFields } from "../../modules/shipping-services/service"
import { recordShipmentTrackingStep } from "./steps/record-shipment-tracking"
import {
  markEventsProcessedStep,
  type ProcessedEvents,
} from "./steps/mark-events-processed"

export type RecordShipmentTrackingInput = {
  shipment_id: string
  fields: ShipmentTrackingFields
  /** Empty when a transition failed: the events stay unprocessed for the next try. */
  processed: ProcessedEvents
  processed_at: Date
}

/**
 * What a shipment's timeline says, recorded: its tracking summary, then its events marked
 * applied. Each step gives its write back if a later one fails.
 */
export const recordShipmentTrackingWorkflow = createWorkflow(
  "shipping-services-record-shipment-tracking",
  (input: RecordShipmentTrackingInput) => {
    recordShipmentTrackingStep({
      shipment_id: input.shipment_id,
      fields: input.fields,
    })
    const marked = markEventsProcessedStep({
      processed: input.processed,
      processed_at: input.processed_at,
    })
    return new WorkflowResponse(marked)
  }
)
