import { MedusaError } from "@medusajs/framework/utils"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import type { ShipmentRecord } from "../../modules/shipping-services/models"

const SHIPMENTS = "shipping_services_shipment"

/**
 * The lease of a standing row, taken in the status it has now. Between the look-up and the take
 * the recovery job (or another purchase of this process) may have settled it: a `pending` row
 * that became `created` is taken as created, one that became `failed` no longer stands ("gone").
 * "busy" only when another live process holds it in the status seen.
 */
export async function takeAsItIs(
  journal: ShippingServicesModuleService,
  row: ShipmentRecord
): Promise<ShipmentRecord | "busy" | "gone"> {
  const leases = journal.leases()
  if (await leases.take(SHIPMENTS, row.id, [row.status])) return row
  const [now] = await journal.listShipments({ id: row.id })
  if (!now || (now.status !== "pending" && now.status !== "created"))
    return "gone"
  if (now.status === row.status) return "busy"
  return (await leases.take(SHIPMENTS, now.id, [now.status])) ? now : "busy"
}

/** The purchase's refusal while another live process buys or stores the parcel's label. */
export function busy(row: ShipmentRecord): MedusaError {
  return new MedusaError(
    MedusaError.Types.CONFLICT,
    `The label of this parcel (${row.tracking_number ?? row.id}) is being bought or stored by another process right now; it is taken over once that process finishes or stops`
  )
}
