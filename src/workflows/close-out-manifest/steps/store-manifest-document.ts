import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { messageOf } from "../../../lib/errors"
import { downloadBase64 } from "../../../lib/labels/download"
import type ShippingServicesModuleService from "../../../modules/shipping-services/service"
import type { ManifestAtService } from "./create-manifest-at-service"
import { shippingOf } from "../../../modules/shipping-services"

type Documents = Pick<
  ShippingServicesModuleService,
  "listDocuments" | "deleteDocuments"
>

export async function deleteManifestDocument(
  documents: Documents,
  manifestId: string | null | undefined
): Promise<void> {
  if (!manifestId) return
  const stored = await documents.listDocuments(
    { kind: "manifest", owner_id: manifestId },
    { select: ["id"] }
  )
  if (stored.length)
    await documents.deleteDocuments(stored.map((d: { id: string }) => d.id))
}

export const storeManifestDocumentStepId =
  "shipping-services-store-manifest-document"
/** Kept privately because the service's URL lives 24 hours; a failure is logged and the URL serves meanwhile. */
export const storeManifestDocumentStep = createStep(
  storeManifestDocumentStepId,
  async (input: { manifest: ManifestAtService }, { container }) => {
    const shipping = shippingOf(container)
    const { manifest_id, document } = input.manifest
    try {
      const content =
        document?.base64 ??
        (document?.url ? await downloadBase64(document.url) : null)
      if (content) {
        await shipping.journal().storeDocuments([
          {
            kind: "manifest",
            owner_id: manifest_id,
            mime_type: "application/pdf",
            format: "PDF",
            content,
          },
        ])
        return new StepResponse(true, manifest_id)
      }
    } catch (error) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `shipping-services: the document of manifest ${manifest_id} was not stored, it is served from the service's URL meanwhile: ${messageOf(error)}`
        )
    }
    return new StepResponse(false, null as string | null)
  },
  async (manifestId, { container }) => {
    await deleteManifestDocument(shippingOf(container), manifestId)
  }
)
