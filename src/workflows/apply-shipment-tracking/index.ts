// These workflows, one per file.
export {
  applyTrackingTransitionWorkflow,
  type ApplyTransitionInput,
} from "./apply-tracking-transition"
export {
  recordShipmentTrackingWorkflow,
  type RecordShipmentTrackingInput,
} from "./record-shipment-tracking"
export { linkTrackingEventsWorkflow } from "./link-tracking-events"
