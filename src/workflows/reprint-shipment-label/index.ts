import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { pruneDocumentVersionsStep } from "../common/prune-document-versions"
import { moveDocumentsStep } from "../documents/steps/move-documents"
import { reprintAtServiceStep } from "./steps/reprint-at-service"
import { storeReprintedLabelStep } from "./steps/store-reprinted-label"

export { isReprintLimitError } from "./steps/reprint-at-service"

/**
 * Reprints a label: at the service (no compensation: the service counts it), then its pages
 * stored as the next version with the row's update (compensation deletes them and restores the
 * label fields), then the older versions pruned, then the new one moved to the File Module when
 * `documents.storage` is "file". Run under the label's lock (one reprint of a
 * label at a time: two clicks must not both pass the count), see orchestration/labels/reprint-label.ts.
 */
export const reprintShipmentLabelWorkflow = createWorkflow(
  "shipping-services-reprint-shipment-label",
  (input: { shipment_id: string }) => {
    const reprint = reprintAtServiceStep(input)
    const stored = storeReprintedLabelStep(reprint)
    const prune = transform({ reprint, stored }, ({ reprint, stored }) => ({
      kind: "label" as const,
      owner_id: stored.shipment_id,
      version: stored.version,
      stored: reprint.pages.length > 0,
    }))
    pruneDocumentVersionsStep(prune)
    // The new version where documents.storage keeps files (the old one went with the prune).
    moveDocumentsStep(
      transform({ stored }, ({ stored }) => ({
        owners: [{ kind: "label" as const, owner_id: stored.shipment_id }],
      }))
    )
    return new WorkflowResponse(stored)
  }
)
