import {
  voidAtService,
  voidedFields,
} from "../../lib/shipments/void-at-service"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import type { ShipmentRecord } from "../../modules/shipping-services/models"
import type { ShippingClient } from "../../shipping-api/client"
import type { ReturnLabelScans } from "../../lib/returns/cancel"

export type VoidOutcome = {
  shipment_id: string
  tracking_number: string | null
  voided: boolean
  reason?: string
}

/** A label already voided counts as done; outside the void windows it is refused without asking. */
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

/** One read of their events. */
export async function returnLabelScans(
  journal: Pick<ShippingServicesModuleService, "listTrackingEvents">,
  rows: readonly Pick<ShipmentRecord, "id" | "tracking_number">[]
): Promise<Map<string, ReturnLabelScans>> {
  const numbers = rows
    .map((r) => r.tracking_number)
    .filter((t): t is string => !!t)
  const events = numbers.length
    ? await journal.listTrackingEvents(
        { tracking_number: numbers },
        { select: ["tracking_number", "package_status"] }
      )
    : []
  return new Map(
    rows.map((row) => [
      row.id,
      {
        tracking_number: row.tracking_number,
        package_statuses: events
          .filter((e) => e.tracking_number === row.tracking_number)
          .map((e) => e.package_status),
      },
    ])
  )
}
