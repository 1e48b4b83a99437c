import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { serviceErrorOf, ShippingActionError } from "../../../lib/action-error"
import { MANIFEST_ID_PATTERN } from "../../../lib/manifests/record"
import { pluginClient } from "../../../lib/plugin-client"
import { randomTransactionId } from "../../../shipping-api/client/create-flow"
import { MANIFEST_DOCUMENT_TYPE } from "../../../shipping-api/constants"
import type { ManifestRequest } from "../../../shipping-api/schemas/manifest"
import type { ManifestResponse } from "../../../shipping-api/schemas/manifest"
import { shippingOf } from "../../../modules/shipping-services"

export type ManifestAtService = {
  manifest_id: string
  manifest_tracking_number: string | null
  /** A URL (valid 24 hours) or Base64. */
  document: { url?: string; base64?: string } | null
}

/** Pure. */
export function documentOf(
  response: ManifestResponse
): { url?: string; base64?: string } | null {
  const docs = response.documents ?? []
  const doc = docs.find((d) => d.type === MANIFEST_DOCUMENT_TYPE) ?? docs[0]
  if (!doc?.contents) return null
  return doc.contentType === "BASE64"
    ? { base64: doc.contents }
    : { url: doc.contents }
}

export const createManifestAtServiceStepId =
  "shipping-services-create-manifest-at-service"
/** No compensation: a manifest cannot be withdrawn at the service. */
export const createManifestAtServiceStep = createStep(
  createManifestAtServiceStepId,
  async (input: { request: ManifestRequest }, { container }) => {
    const shipping = shippingOf(container)
    const client = pluginClient(
      shipping.getOptions(),
      container.resolve(ContainerRegistrationKeys.LOGGER)
    )
    let response
    try {
      response = await client.createManifest(input.request, {
        transactionId: randomTransactionId(),
      })
    } catch (error) {
      // Worded here: the run serializes a step's error, service error classes included.
      throw serviceErrorOf(
        error,
        `The ${input.request.carrier} manifest was not made`
      )
    }
    const manifestId = response.manifestId
    if (!manifestId || !MANIFEST_ID_PATTERN.test(manifestId)) {
      throw new ShippingActionError(
        `The service answered the ${input.request.carrier} manifest without a usable manifest id (${String(manifestId)}).`,
        502,
        "shipping_service_error"
      )
    }
    return new StepResponse<ManifestAtService>({
      manifest_id: manifestId,
      manifest_tracking_number: response.manifestTrackingNumber ?? null,
      document: documentOf(response),
    })
  }
)
