import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { reprintState } from "../../lib/shipments/reprints"
import { pruneDocumentVersionsStep } from "../common/prune-document-versions"
import { moveDocumentsStep } from "../documents/steps/move-documents"
import { reprintAtServiceStep } from "./steps/reprint-at-service"
import { storeReprintedLabelStep } from "./steps/store-reprinted-label"

export { isReprintLimitError } from "./steps/reprint-at-service"

/**
 * Reprints a label: at the service, its pages stored as the next version (compensated), older
 * versions pruned, the new one moved where documents are kept. Run it under the label's lock:
 * two clicks must not both pass the count.
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
    moveDocumentsStep(
      transform({ stored }, ({ stored }) => ({
        owners: [{ kind: "label" as const, owner_id: stored.shipment_id }],
      }))
    )
    return new WorkflowResponse(
      transform({ stored, prune }, ({ stored, prune }) => ({
        // Only a created label with the service's id gets this far.
        reprints: reprintState({
          status: "created",
          shipment_id: stored.shipment_id,
          reprint_count: stored.version,
        }),
        stored: prune.stored,
      }))
    )
  }
)
