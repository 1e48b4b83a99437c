import type { DocumentSource } from "../../modules/shipping-services/service"
import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import {
  manifestGroups,
  manifestRequestOf,
  manifestWindowStart,
  submissionDate,
  type ManifestGroup,
} from "../../lib/manifests/plan"
import {
  MANIFEST_ID_PATTERN,
  MANIFEST_SETTING_PREFIX,
  manifestSettingKey,
  manifestView,
  type ManifestRecord,
  type ManifestView,
} from "../../lib/manifests/record"
import type { ShipmentRecord } from "../../modules/shipping-services/models"
import type { Carrier } from "../../shipping-api/constants"
import { downloadBase64 } from "../../lib/labels/download"
import { closeOutManifestWorkflow } from "../../workflows/close-out-manifest"
import {
  isMedusaRefusal,
  shippingActionErrorFrom,
} from "../../lib/action-error"
import { messageOf } from "../../lib/errors"
import { readSetting } from "../../modules/shipping-services/settings"
import { shippingOf } from "../../modules/shipping-services"

export type CloseOutResult = {
  submission_date: string
  manifests: ManifestView[]
  /** In words. */
  failures: { carrier: Carrier; tracking_numbers: string[]; message: string }[]
}

/**
 * One scan form per carrier for labels still waiting for one. The id goes on the shipments first; the form is copied
 * because the service's URL lives 24 hours. Serialised: no label is manifested twice.
 */
export async function closeOut(
  container: MedusaContainer,
  input: { carrier?: Carrier } = {},
  now = new Date()
): Promise<CloseOutResult> {
  const shipping = shippingOf(container)
  return container.resolve(Modules.LOCKING).execute(
    "shipping-services:close-out",
    async () => {
      const candidates = await shipping.listShipments(
        {
          status: "created",
          add_to_manifest: true,
          manifest_id: null,
          is_return: false,
          created_at: { $gte: manifestWindowStart(now) },
        },
        { take: 10_000, order: { created_at: "ASC" } }
      )
      const result: CloseOutResult = {
        submission_date: submissionDate(now),
        manifests: [],
        failures: [],
      }
      for (const group of manifestGroups(candidates, now, input.carrier)) {
        try {
          result.manifests.push(
            manifestView(await manifestGroup(container, group, now))
          )
        } catch (error) {
          // The steps word what the service or Medusa refused; anything else is a bug (500).
          if (!shippingActionErrorFrom(error) && !isMedusaRefusal(error))
            throw error
          result.failures.push({
            carrier: group.carrier,
            tracking_numbers: group.shipments.map(
              (s) => s.tracking_number as string
            ),
            message: messageOf(error),
          })
        }
      }
      return result
    },
    { timeout: 60 }
  )
}

async function manifestGroup(
  container: MedusaContainer,
  group: ManifestGroup<ShipmentRecord>,
  now: Date
): Promise<ManifestRecord> {
  const shipping = shippingOf(container)
  const request = manifestRequestOf(
    group,
    now,
    shipping.getOptions().shipper.shipperId
  )
  const { result } = await closeOutManifestWorkflow(container).run({
    input: {
      request,
      shipment_ids: group.shipments.map((s) => s.id),
      created_at: now.toISOString(),
    },
  })
  return result
}

export async function findManifest(
  container: MedusaContainer,
  manifestId: string
): Promise<ManifestRecord | null> {
  if (!MANIFEST_ID_PATTERN.test(manifestId)) return null
  const shipping = shippingOf(container)
  return (
    (await readSetting<ManifestRecord>(
      shipping,
      manifestSettingKey(manifestId)
    )) ?? null
  )
}

/** From the plugin's documents, else the service's URL while it lives. */
export async function manifestDocument(
  container: MedusaContainer,
  record: ManifestRecord
): Promise<DocumentSource | null> {
  const shipping = shippingOf(container)
  const [stored] = await shipping
    .versions()
    .pages("manifest", record.manifest_id)
  if (stored) return shipping.documents().source(stored.id)
  if (record.file_id)
    return {
      storage: "database",
      bytes: await container.resolve(Modules.FILE).getAsBuffer(record.file_id),
    }
  if (!record.source_url) return null
  try {
    return {
      storage: "database",
      bytes: Buffer.from(await downloadBase64(record.source_url), "base64"),
    }
  } catch (error) {
    // Past 24 hours the URL is gone: say so rather than a bare 500.
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Manifest ${record.manifest_id} was not stored and the service's document URL did not answer (${(error as Error).message})`
    )
  }
}

export async function recentManifests(
  container: MedusaContainer,
  take = 20
): Promise<ManifestView[]> {
  const shipping = shippingOf(container)
  const rows = await shipping.listSettings(
    { key: { $like: `${MANIFEST_SETTING_PREFIX}%` } },
    { take, order: { created_at: "DESC" } }
  )
  return rows.map((r) => manifestView(r.value as unknown as ManifestRecord))
}
