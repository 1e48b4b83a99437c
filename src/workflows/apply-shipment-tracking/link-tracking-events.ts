import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  linkTrackingEventsStep,
  type TrackingEventLink,
} from "./steps/link-tracking-events"

/** Unmatched stored events linked to the shipment their tracking number now names. */
export const linkTrackingEventsWorkflow = createWorkflow(
  "shipping-services-link-tracking-events",
  (input: { links: TrackingEventLink[] }) =>
    new WorkflowResponse(linkTrackingEventsStep(input))
)
