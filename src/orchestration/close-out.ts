import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { manifestGroups, manifestRequestOf, manifestWindowStart, submissionDate, type ManifestGroup } from "../lib/manifests/plan"
import { MANIFEST_ID_PATTERN, MANIFEST_SETTING_PREFIX, manifestFileName, manifestSettingKey, manifestView, type ManifestRecord, type ManifestView } from "../lib/manifests/record"
import type { ShipmentRecord } from "../modules/shipping-services/models"
import type ShippingServicesModuleService from "../modules/shipping-services/service"
import { SHIPPING_SERVICES_MODULE } from "../options/resolve"
import { randomTransactionId } from "../shipping-api/client/create-flow"
import { MANIFEST_DOCUMENT_TYPE, type Carrier } from "../shipping-api/constants"
import type { ManifestResponse } from "../shipping-api/schemas/manifest"
import { messageOf } from "../lib/errors"
import { downloadBase64 } from "../lib/labels/download"
import { actionErrorOf, ShippingActionError } from "./action-error"
import { pluginClient } from "./client"
import { readSetting, writeSetting } from "./plugin-settings"

export type CloseOutResult = {
  submission_date: string
  manifests: ManifestView[]
  /** Carriers whose manifest the service refused or could not make, in words. */
  failures: { carrier: Carrier; tracking_numbers: string[]; message: string }[]
}

/**
 * The day's close-out (doc 4, Manifest): one scan form per carrier for the labels that still
 * wait for one (created with ADD_TO_MANIFEST, not voided, not manifested, not postal letters or
 * flats, not returns, not yet manifested automatically by the service). The manifest id goes on
 * the shipments first (the service has them now, whatever happens next); the document is then
 * copied into the File module, because the service's URL lives 24 hours and the scan form is
 * handed to the carrier's driver, maybe later. Serialised: two admins never manifest one label twice.
 */
export async function closeOut(container: MedusaContainer, input: { carrier?: Carrier } = {}, now = new Date()): Promise<CloseOutResult> {
  const shipping: ShippingServicesModuleService = container.resolve(SHIPPING_SERVICES_MODULE)
  return container.resolve(Modules.LOCKING).execute("shipping-services:close-out", async () => {
    const candidates = await shipping.listShipments(
      { status: "created", add_to_manifest: true, manifest_id: null, is_return: false, created_at: { $gte: manifestWindowStart(now) } },
      { take: 10_000, order: { created_at: "ASC" } }
    )
    const result: CloseOutResult = { submission_date: submissionDate(now), manifests: [], failures: [] }
    for (const group of manifestGroups(candidates, now, input.carrier)) {
      try {
        result.manifests.push(manifestView(await manifestGroup(container, group, now)))
      } catch (error) {
        const e = actionErrorOf(error, `The ${group.carrier} manifest was not made`)
        if (!(e instanceof ShippingActionError)) throw e
        result.failures.push({ carrier: group.carrier, tracking_numbers: group.shipments.map((s) => s.tracking_number as string), message: e.message })
      }
    }
    return result
  }, { timeout: 60 })
}

async function manifestGroup(container: MedusaContainer, group: ManifestGroup<ShipmentRecord>, now: Date): Promise<ManifestRecord> {
  const shipping: ShippingServicesModuleService = container.resolve(SHIPPING_SERVICES_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const options = shipping.getOptions()
  const request = manifestRequestOf(group, now, options.shipper.shipperId)
  const response = await pluginClient(options, logger).createManifest(request, { transactionId: randomTransactionId() })
  const manifestId = response.manifestId
  if (!manifestId || !MANIFEST_ID_PATTERN.test(manifestId)) {
    throw new ShippingActionError(`The service answered the ${group.carrier} manifest without a usable manifest id (${String(manifestId)}).`, 502, "shipping_service_error")
  }
  await shipping.updateShipments(group.shipments.map((s) => ({ id: s.id, manifest_id: manifestId })))

  const record: ManifestRecord = {
    manifest_id: manifestId,
    manifest_tracking_number: response.manifestTrackingNumber ?? null,
    carrier: group.carrier,
    submission_date: request.submissionDate,
    tracking_numbers: request.parcelTrackingNumbers,
    file_id: null,
    source_url: null,
    created_at: now.toISOString(),
  }
  const document = documentOf(response)
  record.source_url = document?.url ?? null
  try {
    const content = document?.base64 ?? (document?.url ? await downloadBase64(document.url) : null)
    if (content) {
      // Privately, in the plugin's documents (the local file provider serves "private" files publicly).
      await shipping.storeDocuments([{ kind: "manifest", owner_id: manifestId, mime_type: "application/pdf", format: "PDF", content }])
    }
  } catch (error) {
    logger.warn(`shipping-services: the document of manifest ${manifestId} was not stored, it is served from the service's URL meanwhile: ${messageOf(error)}`)
  }
  await writeSetting(shipping, manifestSettingKey(manifestId), record as unknown as Record<string, unknown>)
  return record
}

/** Doc 4: `documents: [{ type: "MANIFEST", contentType: "URL", contents }]`; Base64 accepted too. */
function documentOf(response: ManifestResponse): { url?: string; base64?: string } | null {
  const docs = response.documents ?? []
  const doc = docs.find((d) => d.type === MANIFEST_DOCUMENT_TYPE) ?? docs[0]
  if (!doc?.contents) return null
  return doc.contentType === "BASE64" ? { base64: doc.contents } : { url: doc.contents }
}

/** The stored manifest, or null. */
export async function findManifest(container: MedusaContainer, manifestId: string): Promise<ManifestRecord | null> {
  if (!MANIFEST_ID_PATTERN.test(manifestId)) return null
  const shipping: ShippingServicesModuleService = container.resolve(SHIPPING_SERVICES_MODULE)
  return (await readSetting<ManifestRecord>(shipping, manifestSettingKey(manifestId))) ?? null
}

/** The PDF of a stored manifest: from the plugin's documents (the File module for earlier versions), else from the service's URL while it lives. */
export async function manifestDocument(container: MedusaContainer, record: ManifestRecord): Promise<Buffer | null> {
  const shipping: ShippingServicesModuleService = container.resolve(SHIPPING_SERVICES_MODULE)
  const [stored] = await shipping.documentPages("manifest", record.manifest_id)
  if (stored) return shipping.documentContent(stored.id)
  if (record.file_id) return container.resolve(Modules.FILE).getAsBuffer(record.file_id)
  if (!record.source_url) return null
  try {
    return Buffer.from(await downloadBase64(record.source_url), "base64")
  } catch (error) {
    // Past the service's 24 hours the URL is gone: say so in words rather than a bare 500.
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Manifest ${record.manifest_id} was not stored and the service's document URL did not answer (${(error as Error).message})`)
  }
}

/** The latest close-outs, newest first. */
export async function recentManifests(container: MedusaContainer, take = 20): Promise<ManifestView[]> {
  const shipping: ShippingServicesModuleService = container.resolve(SHIPPING_SERVICES_MODULE)
  const rows = await shipping.listSettings({ key: { $like: `${MANIFEST_SETTING_PREFIX}%` } }, { take, order: { created_at: "DESC" } })
  return rows.map((r) => manifestView(r.value as unknown as ManifestRecord))
}
