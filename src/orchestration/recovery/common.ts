import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { holdsShipment } from "../../lib/shipments/fulfillment-data"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import type { ShipmentRecord } from "../../modules/shipping-services/models"

export const SHIPMENTS = "shipping_services_shipment"
/** A backlog is worked off over several runs, a minute apart. */
export const PAGE = 100

export type RecoveryRun = {
  container: MedusaContainer
  shipping: ShippingServicesModuleService
  options: ReturnType<ShippingServicesModuleService["getOptions"]>
  leases: ReturnType<ShippingServicesModuleService["leases"]>
  report: RecoveryReport
  now: Date
}

export type RecoveryReport = {
  settled: { created: number; failed: number; unknown: number }
  rehomed: number
  resumed: number
  /** Voided, or kept and shown when they cannot be. */
  orphans: { voided: number; kept: number }
  halfMade: number
  /** After their own run failed or never came. */
  changeReturnLabels: number
}

/** Old enough not to be in flight, lease free. */
async function unattached(
  shipping: ShippingServicesModuleService,
  now: Date,
  olderThanMs: number
): Promise<ShipmentRecord[]> {
  return shipping.listShipments(
    {
      status: "created",
      attached_at: null,
      orphaned_at: null,
      created_at: { $lt: new Date(now.getTime() - olderThanMs) },
      $or: [{ lease_until: null }, { lease_until: { $lt: now } }],
    },
    { take: PAGE, order: { created_at: "ASC" } }
  )
}

/** Held ones are marked attached (healing a missed storage run); the rest grouped by their fulfillment. */
async function splitByHolder(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService,
  rows: ShipmentRecord[]
): Promise<Map<string, ShipmentRecord[]>> {
  const ids = [
    ...new Set(
      rows.map((r) => r.fulfillment_id).filter((id): id is string => !!id)
    ),
  ]
  const fulfillments = ids.length
    ? await container
        .resolve(Modules.FULFILLMENT)
        .listFulfillments(
          { id: ids },
          { select: ["id", "canceled_at", "data"] }
        )
    : []
  const byId = new Map(fulfillments.map((f) => [f.id, f]))
  const linked = await shipping.medusa().linkedFulfillments(ids)
  const orphaned = new Map<string, ShipmentRecord[]>()
  const held: string[] = []
  for (const row of rows) {
    const f = row.fulfillment_id ? byId.get(row.fulfillment_id) : undefined
    if (
      f &&
      !f.canceled_at &&
      holdsShipment(f.data as Record<string, unknown> | null, row.id) &&
      linked.has(f.id)
    ) {
      held.push(row.id)
      continue
    }
    const key = row.fulfillment_id ?? `row:${row.id}`
    orphaned.set(key, [...(orphaned.get(key) ?? []), row])
  }
  if (held.length)
    await shipping.updateShipments(
      held.map((id) => ({ id, attached_at: new Date() }))
    )
  return orphaned
}

/** Grouped by the fulfillment they were bought for; held ones are marked attached on the way. */
export async function unattachedGroups(
  { container, shipping, now }: RecoveryRun,
  graceMs: number
): Promise<ShipmentRecord[][]> {
  const rows = await unattached(shipping, now, graceMs)
  if (!rows.length) return []
  return [...(await splitByHolder(container, shipping, rows)).values()]
}

/** Then it finds its labels. */
export async function hasOpenAutoFulfillment(
  shipping: ShippingServicesModuleService,
  orderId: string
): Promise<boolean> {
  const [record] = await shipping.listAutoFulfillments(
    { order_id: orderId },
    { select: ["id", "status", "attempts"] }
  )
  if (!record) return false
  return (
    record.status === "running" ||
    record.status === "pending" ||
    (record.status === "failed" &&
      record.attempts < shipping.getOptions().autoFulfill.maxAttempts)
  )
}

export function logger(container: MedusaContainer) {
  return container.resolve(ContainerRegistrationKeys.LOGGER)
}
