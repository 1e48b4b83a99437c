export {
  applyShipmentTrackingWorkflow,
  RETURN_DELIVERED_EVENT,
  type ApplyShipmentTrackingInput,
} from "./apply-shipment-tracking"
export { linkTrackingEventsWorkflow } from "./link-tracking-events"
