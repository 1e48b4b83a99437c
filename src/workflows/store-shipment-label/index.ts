import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { linkShipmentsStep } from "./steps/link-shipments"
import {
  storeLabelFilesStep,
  type StoreLabelFilesInput,
} from "./steps/store-label-files"

/** After Medusa created a fulfillment: its labels stored privately, the shipments linked and attached. */
export const storeShipmentLabelWorkflow = createWorkflow(
  "shipping-services-store-shipment-label",
  (input: StoreLabelFilesInput) => {
    const stored = storeLabelFilesStep(input)
    const link = transform({ stored, input }, ({ stored, input }) => ({
      stored,
      attach: input.fulfillment_ids ?? [],
    }))
    linkShipmentsStep(link)
    return new WorkflowResponse(stored)
  }
)
