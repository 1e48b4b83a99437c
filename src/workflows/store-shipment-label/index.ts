import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { linkShipmentsStep } from "./steps/link-shipments"
import { storeLabelFilesStep, type StoreLabelFilesInput } from "./steps/store-label-files"

/** After Medusa created a fulfillment: its label into the File module, the shipment linked. */
export const storeShipmentLabelWorkflow = createWorkflow(
  "shipping-services-store-shipment-label",
  (input: StoreLabelFilesInput) => {
    const stored = storeLabelFilesStep(input)
    linkShipmentsStep(stored)
    return new WorkflowResponse(stored)
  }
)
