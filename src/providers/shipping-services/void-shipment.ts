import {
  voidAtService,
  voidedFields,
} from "../../lib/shipments/void-at-service"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import type { ShipmentRecord } from "../../modules/shipping-services/models"
import type { ShippingClient } from "../../shipping-api/client"

export type VoidOutcome = {
  shipment_id: string
  tracking_number: string | null
  voided: boolean
  reason?: string
}

/**
 * Voids one bought label at the service (doc 4) and records it. A label voided already counts as
 * done (the service's 400 for a second void is read as success by the client). Refused, without
 * asking, outside the void windows (src/shipping-api/rules/void.ts): the outcome says why.
 */
export async function voidShipmentRow(
  journal: ShippingServicesModuleService,
  client: Pick<ShippingClient, "voidShipment">,
  row: ShipmentRecord,
  options: { carrierAccountId?: string; reason?: string | null; now?: number }
): Promise<VoidOutcome> {
  const outcome = { shipment_id: row.id, tracking_number: row.tracking_number }
  const result = await voidAtService(client, row, options)
  if (!result.voided)
    return { ...outcome, voided: false, reason: result.reason }
  if (result.already) return { ...outcome, voided: true }
  await journal.updateShipments({
    id: row.id,
    ...voidedFields(result, options.reason ?? null),
  })
  return { ...outcome, voided: true }
}
