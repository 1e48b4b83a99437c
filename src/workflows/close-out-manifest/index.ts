import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { ManifestRecord } from "../../lib/manifests/record"
import type { ManifestRequest } from "../../shipping-api/schemas/manifest"
import { createManifestAtServiceStep } from "./steps/create-manifest-at-service"
import { markShipmentsManifestedStep } from "./steps/mark-shipments-manifested"
import { recordManifestStep } from "./steps/record-manifest"
import { storeManifestDocumentStep } from "./steps/store-manifest-document"
import { moveDocumentsStep } from "../documents/steps/move-documents"

export type CloseOutManifestInput = {
  request: ManifestRequest
  shipment_ids: string[]
  created_at: string
}

/** One carrier's close-out; the caller holds a lock so no label is manifested twice. */
export const closeOutManifestWorkflow = createWorkflow(
  "shipping-services-close-out-manifest",
  (input: CloseOutManifestInput) => {
    const manifest = createManifestAtServiceStep({ request: input.request })
    const mark = transform({ manifest, input }, ({ manifest, input }) => ({
      shipment_ids: input.shipment_ids,
      manifest_id: manifest.manifest_id,
    }))
    markShipmentsManifestedStep(mark)
    storeManifestDocumentStep({ manifest })
    moveDocumentsStep(
      transform({ manifest }, ({ manifest }) => ({
        owners: [{ kind: "manifest" as const, owner_id: manifest.manifest_id }],
      }))
    )
    const record = transform(
      { manifest, input },
      ({ manifest, input }): ManifestRecord => ({
        manifest_id: manifest.manifest_id,
        manifest_tracking_number: manifest.manifest_tracking_number,
        carrier: input.request.carrier,
        submission_date: input.request.submissionDate,
        tracking_numbers: input.request.parcelTrackingNumbers,
        file_id: null,
        source_url: manifest.document?.url ?? null,
        created_at: input.created_at,
      })
    )
    return new WorkflowResponse(recordManifestStep(record))
  }
)
