import { MedusaError } from "@medusajs/framework/utils"
import { returnLabelRefusal } from "../../lib/returns/cancel"
import { shipmentRefOf } from "../../lib/shipments/fulfillment-data"
import type { ShippingClient } from "../../shipping-api/client"
import { toMedusaError } from "./medusa-error"
import type { ProviderPorts } from "./ports"
import { returnLabelScans, voidShipmentRow } from "./void-shipment"

/**
 * Voids every parcel's label; tolerates repeats, voided labels and compensation calls, and skips labels another
 * fulfillment took over. Refused, naming each label, when one is outside its void window (the rest stay voided).
 * Return labels are never voided: they are withdrawn without asking the service, refused once scanned.
 */
export async function cancelLabels(
  deps: {
    journal: ReturnType<ProviderPorts["shipments"]>
    client: () => Pick<ShippingClient, "voidShipment">
    carrierAccountId?: string
  },
  data: Record<string, unknown>
): Promise<Record<string, unknown>> {
  const ref = shipmentRefOf(data)
  if (!ref) return {}
  const { journal } = deps
  const rows = await journal.listShipments({ id: ref.shipment_ids })
  const ours = rows.filter(
    (row) =>
      !ref.fulfillment_id ||
      !row.fulfillment_id ||
      row.fulfillment_id === ref.fulfillment_id
  )
  const refused: string[] = []
  const voided: string[] = []
  const returnScans = await returnLabelScans(
    journal,
    ours.filter((row) => row.is_return && row.status === "created")
  )
  const withdrawn: string[] = []
  for (const row of ours) {
    if (row.is_return && row.status === "created") {
      const refusal = returnLabelRefusal(returnScans.get(row.id)!)
      if (refusal) refused.push(refusal)
      else {
        withdrawn.push(row.id)
        // Freed now so a new return of the same items may take the withdrawn label over at once.
        await journal.leases().release("shipping_services_shipment", row.id)
      }
      continue
    }
    try {
      const outcome = await voidShipmentRow(journal, deps.client(), row, {
        carrierAccountId: deps.carrierAccountId,
      })
      if (outcome.voided) voided.push(row.id)
      else if (row.status === "created")
        refused.push(`${row.tracking_number ?? row.id}: ${outcome.reason}`)
    } catch (error) {
      refused.push(
        `${row.tracking_number ?? row.id}: ${toMedusaError(error).message}`
      )
    }
  }
  if (refused.length) {
    const done = voided.length
      ? ` (voided: ${voided.length} of ${ours.length})`
      : ""
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Not every label could be voided${done}: ${refused.join("; ")}`
    )
  }
  return {
    voided: true,
    shipment_ids: voided,
    ...(withdrawn.length ? { withdrawn_return_labels: withdrawn } : {}),
  }
}
