import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { downloadBase64 } from "../../../lib/labels/download"
import { labelPageDocuments } from "../../../lib/labels/pages"
import type { ShipmentRecord } from "../../../modules/shipping-services/models"
import { shippingOf } from "../../../modules/shipping-services"

/** Which shipments: those of these fulfillments, or these shipments, or (neither) every label still waiting. */
export type StoreLabelFilesInput = {
  fulfillment_ids?: string[]
  shipment_ids?: string[]
}
export type StoredLabel = {
  shipment_id: string
  order_id: string | null
  fulfillment_id: string | null
  pages: number
}

/** File module ids of labels stored by versions before 0.2 (`label_files: { ids }`). */
export function fileIdsOf(labelFiles: unknown): string[] {
  const ids = (labelFiles as { ids?: unknown } | null)?.ids
  return Array.isArray(ids)
    ? ids.filter((i): i is string => typeof i === "string")
    : []
}

export const storeLabelFilesStepId = "shipping-services-store-label-files"
/**
 * Makes sure every label's pages are in the plugin's own documents (served only to admins):
 * a label bought as a URL is downloaded now, while the service still serves it (24 hours,
 * doc 2), and labels kept by earlier versions (pages on the row, or files in Medusa's File
 * module, which the local file provider serves publicly) are moved over and the files deleted.
 * Labels bought as Base64 are stored with the purchase already: nothing to do for them.
 */
export const storeLabelFilesStep = createStep(
  storeLabelFilesStepId,
  async (input: StoreLabelFilesInput, { container }) => {
    const shipping = shippingOf(container)
    const filters: Record<string, unknown> = { status: ["created", "voided"] }
    if (input.fulfillment_ids?.length)
      filters.fulfillment_id = input.fulfillment_ids
    if (input.shipment_ids?.length) filters.id = input.shipment_ids
    if (!input.fulfillment_ids?.length && !input.shipment_ids?.length) {
      filters.$or = [
        { label_source_url: { $ne: null } },
        { label_pending: { $ne: null } },
        { label_files: { $ne: null } },
      ]
    }
    const shipments = await shipping.listShipments(filters, { take: 500 })

    const stored: StoredLabel[] = []
    const legacyFiles: string[] = []
    // Every shipment's stored pages in one query (a burst stores a window's labels at once).
    const pageCounts = await shipping
      .versions()
      .labelPageCounts(shipments.map((s) => s.id))
    for (const shipment of shipments) {
      const existing = pageCounts.get(shipment.id) ?? 0
      const pages = existing ? [] : await pagesOf(container, shipment)
      if (pages.length) {
        await shipping
          .journal()
          .storeDocuments(
            labelPageDocuments(
              shipment.id,
              shipment.reprint_count ?? 0,
              shipment.label_format,
              pages
            ),
            {
              id: shipment.id,
              label_pending: null,
              label_files: null,
              label_source_url: null,
            }
          )
        legacyFiles.push(...fileIdsOf(shipment.label_files))
      } else if (
        existing &&
        (shipment.label_pending ||
          shipment.label_files ||
          shipment.label_source_url)
      ) {
        await shipping.updateShipments({
          id: shipment.id,
          label_pending: null,
          label_files: null,
          label_source_url: null,
        })
        legacyFiles.push(...fileIdsOf(shipment.label_files))
      }
      stored.push({
        shipment_id: shipment.id,
        order_id: shipment.order_id,
        fulfillment_id: shipment.fulfillment_id,
        pages: existing || pages.length,
      })
    }
    // Last, once the pages are safe in the documents: the copies the File module served publicly.
    if (legacyFiles.length)
      await container
        .resolve(Modules.FILE)
        .deleteFiles(legacyFiles)
        .catch(() => undefined)
    // No compensation: a label safely stored stays stored whatever a later step does (storing is
    // idempotent: a label with documents is skipped next time).
    return new StepResponse(stored)
  }
)

async function pagesOf(
  container: MedusaContainer,
  shipment: ShipmentRecord
): Promise<string[]> {
  const pending = shipment.label_pending as { pages?: string[] } | null
  if (pending?.pages?.length) return pending.pages
  const fileIds = fileIdsOf(shipment.label_files)
  if (fileIds.length) {
    const files = container.resolve(Modules.FILE)
    return Promise.all(
      fileIds.map(async (id) =>
        ((await files.getAsBuffer(id)) as Buffer).toString("base64")
      )
    )
  }
  if (shipment.label_source_url)
    return [await downloadBase64(shipment.label_source_url)]
  return []
}
