export {
  withSpan,
  recordSpan,
  add,
  observe,
  INSTRUMENTATION_NAME,
} from "./otel"
export { observeServiceCall } from "./service-calls"
export { METRICS, SPANS } from "./names"
export { recordWebhookDelivery, deliveryOutcome } from "./domain"
