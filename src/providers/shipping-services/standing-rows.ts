import { MedusaError } from "@medusajs/framework/utils"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import type { ShipmentRecord } from "../../modules/shipping-services/models"

const SHIPMENTS = "shipping_services_shipment"

/**
 * Takes the lease in the row's current status: recovery may have settled it since the look-up.
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

export function busy(row: ShipmentRecord): MedusaError {
  return new MedusaError(
    MedusaError.Types.CONFLICT,
    `The label of this parcel (${row.tracking_number ?? row.id}) is being bought or stored by another process right now; it is taken over once that process finishes or stops`
  )
}
