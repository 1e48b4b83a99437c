// The package's `./workflows` export: workflows an app may run or hook into.
export { storeShipmentLabelWorkflow } from "./store-shipment-label"
export { fulfillOrderWorkflow } from "./fulfill-order"
export { awaitAdminFulfillmentWorkflow } from "./await-admin-fulfillment"
export { settleCanceledOrderWorkflow } from "./settle-canceled-order"
export {
  applyShipmentTrackingWorkflow,
  linkTrackingEventsWorkflow,
} from "./apply-shipment-tracking"
export {
  createPrintBatchWorkflow,
  makeBatchPrintFilesWorkflow,
  markLabelsPrintedWorkflow,
  recordBatchItemWorkflow,
  reopenPrintBatchWorkflow,
} from "./print-batch"
export { holdOrderWorkflow, releaseOrderWorkflow } from "./hold-order"
export { voidShipmentLabelWorkflow } from "./void-shipment-label"
export { reprintShipmentLabelWorkflow } from "./reprint-shipment-label"
export { updateSenderContactWorkflow } from "./update-sender-contact"
export { closeOutManifestWorkflow } from "./close-out-manifest"
export {
  registerWebhooksWorkflow,
  rotateWebhookKeysWorkflow,
} from "./register-webhooks"
export { setupShippingWorkflow } from "./setup-shipping"
export {
  moveDocumentsWorkflow,
  removeExpiredDocumentsWorkflow,
} from "./documents"
export { discardHalfMadeFulfillmentWorkflow } from "./discard-half-made-fulfillment"
export { cancelReturnWithLabelsWorkflow } from "./cancel-return"
export { buyReturnLabelsWorkflow } from "./buy-return-labels"
