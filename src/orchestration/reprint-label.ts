import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { reprintState, type ReprintState } from "../lib/shipments/reprints"
import type ShippingServicesModuleService from "../modules/shipping-services/service"
import { SHIPPING_SERVICES_MODULE } from "../options/resolve"
import type { ServiceOption } from "../options/schema"
import { labelFieldsOf } from "../providers/shipping-services/mapping/response"
import { CARRIER_OF_VARIANT, LIMITS } from "../shipping-api/constants"
import { ShippingBadRequestError } from "../shipping-api/errors"
import { fileIdsOf } from "../workflows/store-shipment-label/steps/store-label-files"
import { storeShipmentLabelWorkflow } from "../workflows/store-shipment-label"
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
 * label route: the row switches to the new pages in one update, the File module copy follows,
 * and the old files go last. Only reprints the service answered are counted; if our count ever
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

    const fields = labelFieldsOf(response, serviceOf(options.services, row))
    const hasLabel = !!fields && (fields.pages.length > 0 || !!fields.source_url)
    await shipping.updateShipments({
      id: row.id,
      reprint_count: (row.reprint_count ?? 0) + 1,
      ...(hasLabel && fields
        ? {
            label_files: null,
            label_pending: fields.pages.length ? { pages: fields.pages } : null,
            label_source_url: fields.source_url,
            label_type: fields.label_type,
            label_format: fields.label_format,
            label_size: fields.label_size,
            label_content_type: fields.label_content_type,
          }
        : {}),
    })
    if (hasLabel) await replaceStoredFiles(container, row.id, fileIdsOf(row.label_files))
    const [after] = await shipping.listShipments({ id: row.id })
    return { reprints: reprintState(after) }
  }, { timeout: 30 })
}

/** New pages into the File module, then the old files out. Failures only delay (the label route serves the row meanwhile). */
async function replaceStoredFiles(container: MedusaContainer, shipmentId: string, oldFileIds: string[]) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    await storeShipmentLabelWorkflow(container).run({ input: { shipment_ids: [shipmentId] } })
  } catch (error) {
    logger.warn(`shipping-services: storing the reprinted label of ${shipmentId} failed, the label route serves it from the shipment meanwhile: ${(error as Error)?.message ?? error}`)
    return
  }
  if (!oldFileIds.length) return
  await container
    .resolve(Modules.FILE)
    .deleteFiles(oldFileIds)
    .catch((error: unknown) => logger.warn(`shipping-services: the replaced label files of ${shipmentId} were not deleted: ${(error as Error)?.message ?? error}`))
}

/** The option the label was bought with, for the document defaults; a removed option falls back to the row. */
function serviceOf(services: ServiceOption[], row: { option_id: string; label_type: string | null; label_format: string | null; label_size: string | null; label_content_type: string | null }): ServiceOption {
  const found = services.find((s) => s.id === row.option_id)
  if (found) return found
  return {
    label: {
      type: (row.label_type ?? "SHIPPING_LABEL") as ServiceOption["label"]["type"],
      fileFormat: (row.label_format ?? "PDF") as ServiceOption["label"]["fileFormat"],
      size: (row.label_size ?? undefined) as ServiceOption["label"]["size"],
      contentType: (row.label_content_type ?? "BASE64") as ServiceOption["label"]["contentType"],
    },
  } as ServiceOption
}
