import { randomTransactionId } from "../../shipping-api/client/create-flow"
import { CARRIER_OF_VARIANT } from "../../shipping-api/constants"
import { voidRefusal } from "../../shipping-api/rules/void"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import type { ShipmentRecord } from "../../modules/shipping-services/models"
import type { ShippingClient } from "../../shipping-api/client"

export type VoidOutcome = { shipment_id: string; tracking_number: string | null; voided: boolean; reason?: string }

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
  if (row.status === "voided") return { ...outcome, voided: true }
  if (row.status !== "created" || !row.shipment_id) return { ...outcome, voided: false, reason: `the label was not created (status ${row.status})` }
  const carrier = CARRIER_OF_VARIANT[row.variant]
  const refusal = voidRefusal({ carrier, createdAt: new Date(row.created_at), isReturn: row.is_return, parcelType: row.parcel_type }, options.now ?? Date.now())
  if (refusal) return { ...outcome, voided: false, reason: refusal.message }
  const result = await client.voidShipment(row.shipment_id, { carrier, transactionId: randomTransactionId(), carrierAccountId: options.carrierAccountId })
  await journal.updateShipments({
    id: row.id,
    status: "voided",
    voided_at: new Date(),
    void_status: result.alreadyVoided ? "ALREADY_VOIDED" : (result.status ?? null),
    void_reason: options.reason ?? null,
  })
  return { ...outcome, voided: true }
}
