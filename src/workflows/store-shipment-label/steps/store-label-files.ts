import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { labelFileName, labelFileType } from "../../../lib/labels/files"
import { SHIPPING_SERVICES_MODULE } from "../../../options/resolve"
import type ShippingServicesModuleService from "../../../modules/shipping-services/service"
import type { ShipmentRecord } from "../../../modules/shipping-services/models"

/** Which shipments: those of these fulfillments, or these shipments, or (neither) every label still waiting. */
export type StoreLabelFilesInput = { fulfillment_ids?: string[]; shipment_ids?: string[] }
export type StoredLabel = { shipment_id: string; order_id: string | null; fulfillment_id: string | null; file_ids: string[] }

export function fileIdsOf(labelFiles: unknown): string[] {
  const ids = (labelFiles as { ids?: unknown } | null)?.ids
  return Array.isArray(ids) ? ids.filter((i): i is string => typeof i === "string") : []
}

/**
 * Moves label pages from shipment rows (where the provider left them) into Medusa's File
 * module, privately: labels carry names and addresses. A label bought as a URL is downloaded
 * now, while the service still serves it (24 hours, doc 2). Works on many shipments at once:
 * after a burst of orders one run stores every label with a handful of queries.
 */
export const storeLabelFilesStep = createStep(
  "shipping-services-store-label-files",
  async (input: StoreLabelFilesInput, { container }) => {
    const shipping: ShippingServicesModuleService = container.resolve(SHIPPING_SERVICES_MODULE)
    const files = container.resolve(Modules.FILE)
    const filters: Record<string, unknown> = { status: "created" }
    if (input.fulfillment_ids?.length) filters.fulfillment_id = input.fulfillment_ids
    if (input.shipment_ids?.length) filters.id = input.shipment_ids
    if (!input.fulfillment_ids?.length && !input.shipment_ids?.length) {
      // The sweep: labels still waiting, from the last two days (a URL label lives 24 hours).
      filters.label_files = null
      filters.created_at = { $gte: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) }
    }
    const shipments = await shipping.listShipments(filters, { take: 500 })

    const stored: StoredLabel[] = []
    const waiting: { shipment: ShipmentRecord; pages: string[] }[] = []
    for (const shipment of shipments) {
      const existing = fileIdsOf(shipment.label_files)
      if (existing.length) {
        stored.push({ shipment_id: shipment.id, order_id: shipment.order_id, fulfillment_id: shipment.fulfillment_id, file_ids: existing })
        continue
      }
      const pages = await pagesOf(shipment)
      if (pages.length) waiting.push({ shipment, pages })
    }
    if (!waiting.length) return new StepResponse(stored, [] as string[])

    const uploads = waiting.flatMap(({ shipment, pages }) =>
      pages.map((content, i) => ({
        filename: labelFileName(shipment.tracking_number, shipment.label_format, i, pages.length),
        mimeType: labelFileType(shipment.label_format).mimeType,
        content,
        access: "private" as const,
      }))
    )
    const created = await files.createFiles(uploads)
    let next = 0
    const updates = waiting.map(({ shipment, pages }) => {
      const ids = created.slice(next, (next += pages.length)).map((f) => f.id)
      stored.push({ shipment_id: shipment.id, order_id: shipment.order_id, fulfillment_id: shipment.fulfillment_id, file_ids: ids })
      return { id: shipment.id, label_files: { ids }, label_pending: null }
    })
    await shipping.updateShipments(updates)
    return new StepResponse(stored, created.map((f) => f.id))
  },
  async (created, { container }) => {
    if (created?.length) {
      await container.resolve(Modules.FILE).deleteFiles(created)
    }
  }
)

async function pagesOf(shipment: { label_pending: unknown; label_source_url: string | null }): Promise<string[]> {
  const pending = shipment.label_pending as { pages?: string[] } | null
  if (pending?.pages?.length) return pending.pages
  if (shipment.label_source_url) {
    const res = await fetch(shipment.label_source_url)
    if (!res.ok) throw new Error(`label download answered ${res.status}`)
    return [Buffer.from(await res.arrayBuffer()).toString("base64")]
  }
  return []
}
