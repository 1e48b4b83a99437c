import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { downloadBase64 } from "../../../lib/labels/download"
import { labelPageDocuments } from "../../../lib/labels/pages"
import type { ShipmentRecord } from "../../../modules/shipping-services/models"
import { shippingOf } from "../../../modules/shipping-services"

/** Those of these fulfillments, these shipments, or (neither) every label still waiting. */
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

/** Labels stored by versions before 0.2. */
export function fileIdsOf(labelFiles: unknown): string[] {
  const ids = (labelFiles as { ids?: unknown } | null)?.ids
  return Array.isArray(ids)
    ? ids.filter((i): i is string => typeof i === "string")
    : []
}

export const storeLabelFilesStepId = "shipping-services-store-label-files"
/**
 * URL labels are downloaded while the service serves them (24 hours); legacy labels (on the row, or public File
 * Module files) move over. Base64 labels are stored with the purchase already.
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
    // One query: a burst stores a window's labels at once.
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
    // Last, once the pages are safe: the publicly served legacy copies.
    if (legacyFiles.length)
      await container
        .resolve(Modules.FILE)
        .deleteFiles(legacyFiles)
        .catch(() => undefined)
    // No compensation: storing is idempotent and a stored label stays stored.
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
