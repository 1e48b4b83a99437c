import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { serviceErrorOf } from "../../../lib/action-error"
import { downloadBase64 } from "../../../lib/labels/download"
import { pluginClient } from "../../../lib/plugin-client"
import { reprintState } from "../../../lib/shipments/reprints"
import { serviceOfRow } from "../../../lib/shipments/service-of-row"
import {
  labelFieldsOf,
  type LabelFields,
} from "../../../providers/shipping-services/mapping/response"
import { CARRIER_OF_VARIANT, LIMITS } from "../../../shipping-api/constants"
import { ShippingBadRequestError } from "../../../shipping-api/errors"
import { shippingOf } from "../../../modules/shipping-services"

/** The service's "no reprints left" (the sandbox's code; doc 4 gives none), by code or by words. */
export function isReprintLimitError(error: unknown): boolean {
  if (!(error instanceof ShippingBadRequestError)) return false
  return (
    error.codes.includes("REPRINT_LIMIT_EXCEEDED") ||
    error.messages.some(
      (m) => /reprint/i.test(m) && /(limit|already reprinted|times)/i.test(m)
    )
  )
}

export type ReprintedLabel = {
  shipment_id: string
  version: number
  fields: LabelFields | null
  pages: string[]
}

export const reprintAtServiceStepId = "shipping-services-reprint-at-service"
/**
 * Reprints at the service (doc 4, at most 3: the fourth is refused before sending). No
 * compensation: the service counts a reprint whatever follows; its refusal brings a lagging count up.
 */
export const reprintAtServiceStep = createStep(
  reprintAtServiceStepId,
  async (input: { shipment_id: string }, { container }) => {
    const shipping = shippingOf(container)
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const options = shipping.getOptions()
    const [row] = await shipping.listShipments({ id: input.shipment_id })
    if (!row)
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Shipment ${input.shipment_id} was not found`
      )
    const label = row.tracking_number ?? row.id
    const state = reprintState(row)
    if (!state.allowed)
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Label ${label} cannot be reprinted: ${state.reason}`
      )

    let response
    try {
      response = await pluginClient(options, logger).reprintShipment(
        row.shipment_id as string,
        CARRIER_OF_VARIANT[row.variant]
      )
    } catch (error) {
      if (isReprintLimitError(error)) {
        await shipping.updateShipments({
          id: row.id,
          reprint_count: LIMITS.reprints,
        })
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `Label ${label} cannot be reprinted: the service says all ${LIMITS.reprints} reprints are used.`
        )
      }
      throw serviceErrorOf(error, `The service did not reprint label ${label}`)
    }
    const fields = labelFieldsOf(response, serviceOfRow(options.services, row))
    const version = (row.reprint_count ?? 0) + 1
    const pages = fields?.pages.length
      ? fields.pages
      : fields?.source_url
        ? await downloadLabel(fields.source_url, logger, row.id)
        : []
    return new StepResponse<ReprintedLabel>({
      shipment_id: row.id,
      version,
      fields,
      pages,
    })
  }
)

/** A label the service answered as a URL (valid 24 hours): fetched now; on failure the store-pending-labels job tries again. */
async function downloadLabel(
  url: string,
  logger: { warn(m: string): void },
  shipmentId: string
): Promise<string[]> {
  try {
    return [await downloadBase64(url)]
  } catch (error) {
    logger.warn(
      `shipping-services: the reprinted label of ${shipmentId} was not downloaded yet (retried by the store-pending-labels job): ${(error as Error).message}`
    )
    return []
  }
}
