import { randomTransactionId } from "../../shipping-api/client/create-flow"
import { CARRIER_OF_VARIANT, type Variant } from "../../shipping-api/constants"
import { voidRefusal } from "../../shipping-api/rules/void"
import type { ShippingClient } from "../../shipping-api/client"

export type VoidAtServiceRow = {
  status: string
  shipment_id: string | null
  variant: Variant
  created_at: Date | string
  is_return: boolean
  parcel_type: string | null
}

/** What voiding a label at the service came to: voided (with the service's status) or refused, in words. */
export type VoidAtService =
  | { voided: true; already: boolean; void_status: string | null }
  | { voided: false; reason: string }

/** Voids one label at the service (doc 4), nothing recorded; voided already counts as done, outside the void windows refused unasked. */
export async function voidAtService(
  client: Pick<ShippingClient, "voidShipment">,
  row: VoidAtServiceRow,
  options: { carrierAccountId?: string; now?: number }
): Promise<VoidAtService> {
  if (row.status === "voided")
    return { voided: true, already: true, void_status: null }
  if (row.status !== "created" || !row.shipment_id)
    return {
      voided: false,
      reason: `the label was not created (status ${row.status})`,
    }
  const carrier = CARRIER_OF_VARIANT[row.variant]
  const refusal = voidRefusal(
    {
      carrier,
      createdAt: new Date(row.created_at),
      isReturn: row.is_return,
      parcelType: row.parcel_type,
    },
    options.now ?? Date.now()
  )
  if (refusal) return { voided: false, reason: refusal.message }
  const result = await client.voidShipment(row.shipment_id, {
    carrier,
    transactionId: randomTransactionId(),
    carrierAccountId: options.carrierAccountId,
  })
  return {
    voided: true,
    already: false,
    void_status: result.alreadyVoided
      ? "ALREADY_VOIDED"
      : (result.status ?? null),
  }
}

/** The row's fields once voided. Pure. */
export function voidedFields(
  outcome: { void_status: string | null },
  reason: string | null,
  at = new Date()
) {
  return {
    status: "voided" as const,
    voided_at: at,
    void_status: outcome.void_status,
    void_reason: reason,
  }
}
