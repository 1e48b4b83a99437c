import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { ADDITIONAL_DATA_KEY } from "../../lib/shipments/additional-data"
import {
  MEDUSA_SINCE,
  medusaCan,
  medusaVersion,
} from "../../lib/medusa-release"

/**
 * POST /admin/orders/:id/fulfillments with the admin's parcels, on a Medusa that does not hand
 * `additional_data` to the provider: the provider would pack the items itself and buy labels for
 * parcels nobody chose, so the choice is refused in words and nothing is bought.
 */
export function refuseUnpassedParcels(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  const body = req.body as { additional_data?: Record<string, unknown> }
  const chosen = body?.additional_data?.[ADDITIONAL_DATA_KEY]
  if (chosen === undefined || chosen === null) return next()
  if (medusaCan("passesAdditionalData")) return next()
  res.status(400).json({
    type: "invalid_data",
    message: `additional_data.${ADDITIONAL_DATA_KEY}: choosing the parcels needs Medusa ${MEDUSA_SINCE.passesAdditionalData} or newer; Medusa ${medusaVersion()} does not hand a fulfillment's additional data to its provider. Fulfill without it (the plugin packs the items), or upgrade Medusa`,
  })
}
