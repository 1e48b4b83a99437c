import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { reprintState, type ReprintState } from "../lib/shipments/reprints"
import type ShippingServicesModuleService from "../modules/shipping-services/service"
import { SHIPPING_SERVICES_MODULE } from "../options/resolve"
import { serviceOfRow } from "../lib/shipments/service-of-row"
import { labelFieldsOf } from "../providers/shipping-services/mapping/response"
import { CARRIER_OF_VARIANT, LIMITS } from "../shipping-api/constants"
import { ShippingBadRequestError } from "../shipping-api/errors"
import { downloadBase64 } from "../lib/labels/download"
import { labelFileType } from "../lib/labels/files"
import { actionErrorOf, ShippingActionError } from "./action-error"
import { pluginClient } from "./client"

/** The service's "no reprints left" (the sandbox's code; doc 4 gives none), by code or by words. */
export function isReprintLimitError(error: unknown): boolean {
  if (!(error instanceof ShippingBadRequestError)) return false
  return error.codes.includes("REPRINT_LIMIT_EXCEEDED") || error.messages.some((m) => /reprint/i.test(m) && /(limit|already reprinted|times)/i.test(m))
}

/**
 * Reprints a label (doc 4: GET /v1/shipments/{shipmentId}; at most 3 per shipment). The fourth
 * is refused here, before anything is sent. The new label replaces the stored one behind the same
 * label route: its pages are stored as the next version with the row's update, in one
 * transaction, and the old version's pages go last. Only reprints the service answered are counted; if our count ever
 * lags (an answer lost on the way), the service's refusal brings it up to the limit.
 */
export async function reprintLabel(container: MedusaContainer, shipmentId: string): Promise<{ reprints: ReprintState }> {
  const shipping: ShippingServicesModuleService = container.resolve(SHIPPING_SERVICES_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const options = shipping.getOptions()
  // One reprint of a label at a time: two clicks must not both pass the count.
  return container.resolve(Modules.LOCKING).execute(`shipping-services:label:${shipmentId}`, async () => {
    const [row] = await shipping.listShipments({ id: shipmentId })
    if (!row) throw new ShippingActionError(`Shipment ${shipmentId} was not found`, 404, "not_found")
    const label = row.tracking_number ?? row.id
    const state = reprintState(row)
    if (!state.allowed) throw new ShippingActionError(`Label ${label} cannot be reprinted: ${state.reason}`, 400, "not_allowed")

    let response
    try {
      response = await pluginClient(options, logger).reprintShipment(row.shipment_id as string, CARRIER_OF_VARIANT[row.variant])
    } catch (error) {
      if (isReprintLimitError(error)) {
        await shipping.updateShipments({ id: row.id, reprint_count: LIMITS.reprints })
        throw new ShippingActionError(`Label ${label} cannot be reprinted: the service says all ${LIMITS.reprints} reprints are used.`, 400, "not_allowed")
      }
      throw actionErrorOf(error, `The service did not reprint label ${label}`)
    }

    const fields = labelFieldsOf(response, serviceOfRow(options.services, row))
    const version = (row.reprint_count ?? 0) + 1
    const pages = fields?.pages.length ? fields.pages : fields?.source_url ? await downloadLabel(fields.source_url, logger, row.id) : []
    await shipping.storeDocuments(
      pages.map((content, page) => ({ kind: "label" as const, owner_id: row.id, page, version, mime_type: labelFileType(fields?.label_format).mimeType, format: fields?.label_format ?? null, content })),
      {
        id: row.id,
        reprint_count: version,
        ...(fields
          ? {
              label_source_url: fields.source_url,
              label_type: fields.label_type,
              label_format: fields.label_format,
              label_size: fields.label_size,
              label_content_type: fields.label_content_type,
            }
          : {}),
      }
    )
    // The new label replaces the old one behind the same route; the old pages go.
    if (pages.length) await shipping.pruneDocuments("label", row.id, version)
    const [after] = await shipping.listShipments({ id: row.id })
    return { reprints: reprintState(after) }
  }, { timeout: 30 })
}

/** A label the service answered as a URL (valid 24 hours): fetched now; on failure the store-pending-labels job tries again. */
async function downloadLabel(url: string, logger: { warn(m: string): void }, shipmentId: string): Promise<string[]> {
  try {
    return [await downloadBase64(url)]
  } catch (error) {
    logger.warn(`shipping-services: the reprinted label of ${shipmentId} was not downloaded yet (retried by the store-pending-labels job): ${(error as Error).message}`)
    return []
  }
}
