import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { moveDocumentsStep } from "../documents/steps/move-documents"
import { linkShipmentsStep } from "./steps/link-shipments"
import {
  storeLabelFilesStep,
  type StoreLabelFilesInput,
} from "./steps/store-label-files"

/** After Medusa created a fulfillment: labels stored privately, shipments linked and attached, moved if configured. */
export const storeShipmentLabelWorkflow = createWorkflow(
  "shipping-services-store-shipment-label",
  (input: StoreLabelFilesInput) => {
    const stored = storeLabelFilesStep(input)
    const link = transform({ stored, input }, ({ stored, input }) => ({
      stored,
      attach: input.fulfillment_ids ?? [],
    }))
    linkShipmentsStep(link)
    moveDocumentsStep(
      transform({ stored }, ({ stored }) => ({
        owners: stored
          .filter((s) => s.pages > 0)
          .map((s) => ({ kind: "label" as const, owner_id: s.shipment_id })),
      }))
    )
    return new WorkflowResponse(stored)
  }
)
