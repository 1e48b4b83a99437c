import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { messageOf } from "../../lib/errors"
import { holdsShipment } from "../../lib/shipments/fulfillment-data"
import { ADDITIONAL_DATA_KEY } from "../../lib/shipments/additional-data"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import type { ShipmentRecord } from "../../modules/shipping-services/models"
import {
  PROVIDER_IDENTIFIER,
  SHIPPING_SERVICES_MODULE,
} from "../../options/resolve"
import { discardHalfMadeFulfillmentWorkflow } from "../../workflows/discard-half-made-fulfillment"
import { add, METRICS } from "../../lib/telemetry"
import { serviceOfRow } from "../../lib/shipments/service-of-row"
import { settleInterrupted } from "../../providers/shipping-services/purchase"
import { voidLabel } from "../labels/void-label"
import {
  autoFulfillOrder,
  ourShippingOptionOf,
} from "../auto-fulfil/auto-fulfill"
import { retryWaitingReturnLabels } from "../returns/waiting-return-labels"
import { pluginClient } from "../../lib/plugin-client"

const SHIPMENTS = "shipping_services_shipment"
/** Rows looked at per run: a backlog is worked off over several runs, one minute apart. */
const PAGE = 100

export type RecoveryReport = {
  /** Interrupted purchases settled with the retry operation. */
  settled: { created: number; failed: number; unknown: number }
  /** Labels put back on a fulfillment re-created around them. */
  rehomed: number
  /** Automatic fulfilments taken over from a process that stopped. */
  resumed: number
  /** Labels no fulfillment can take: voided, or kept and shown when they cannot be. */
  orphans: { voided: number; kept: number }
  /** Fulfillments left half-made (no order, no label) canceled and deleted. */
  halfMade: number
  /** Return labels of exchanges and claims bought after their own run failed or never came. */
  changeReturnLabels: number
}

/**
 * Finishes what processes that stopped mid-way left behind (kill -9, a lost host, a deploy),
 * so that no label is bought twice and none is lost. Runs at boot (src/orchestration/start-up/boot.ts)
 * and on recovery.schedule (src/jobs/recover-interrupted-work.ts); every step works on leased
 * rows only (src/modules/shipping-services/leases.ts), so a process that is still alive is never
 * interrupted, and two processes recovering at once never do the same row.
 *
 * 1. Purchases left `pending` are settled with the retry operation (doc 2 rule 4): the label the
 *    service made is recorded; one it did not make is marked failed, so it may be bought again.
 * 2. Labels bought for a fulfillment that Medusa never finished (the process died between the
 *    purchase and Medusa's last step) get a fulfillment again: Medusa's fulfilment workflow runs
 *    for the same items and parcels, and the provider takes the existing labels (same keys)
 *    instead of buying. Orders with a pending automatic fulfilment get theirs from step 3.
 * 3. Automatic fulfilments whose process stopped are run again (they find their labels).
 * 4. Labels that no fulfillment took after `recovery.orphanGraceMinutes` are orphans: voided
 *    while the service allows it (`recovery.voidOrphans`), else marked and shown to admins.
 * 5. Fulfillments of this provider that a stopped process left half-made (created by Medusa,
 *    never linked to an order, no label: the process died while the label was bought) are
 *    canceled and deleted through Medusa's fulfillment module, once steps 1–4 moved the labels
 *    bought for them elsewhere.
 * 6. Return labels of exchanges and claims still waiting (their event lost, or their retries
 *    spent while the service was away) are bought when due (src/orchestration/returns/waiting-return-labels.ts).
 */
export async function recoverInterruptedWork(
  container: MedusaContainer,
  now = new Date()
): Promise<RecoveryReport> {
  const shipping: ShippingServicesModuleService = container.resolve(
    SHIPPING_SERVICES_MODULE
  )
  const report: RecoveryReport = {
    settled: { created: 0, failed: 0, unknown: 0 },
    rehomed: 0,
    resumed: 0,
    orphans: { voided: 0, kept: 0 },
    halfMade: 0,
    changeReturnLabels: 0,
  }
  await settlePending(container, shipping, report, now)
  await rehomeLabels(container, shipping, report, now)
  await resumeAutoFulfillments(container, shipping, report, now)
  await sweepOrphans(container, shipping, report, now)
  await discardHalfMade(container, shipping, report)
  report.changeReturnLabels = await retryWaitingReturnLabels(
    container,
    now
  ).catch((error: unknown) => {
    logger(container).warn(
      `shipping-services: waiting return labels were not looked at (retried on recovery.schedule): ${messageOf(error)}`
    )
    return 0
  })
  const moved =
    report.settled.created +
    report.settled.failed +
    report.rehomed +
    report.resumed +
    report.orphans.voided +
    report.orphans.kept +
    report.halfMade +
    report.changeReturnLabels
  if (moved)
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(
        `shipping-services: recovered interrupted work: ${JSON.stringify(report)}`
      )
  return report
}

async function settlePending(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService,
  report: RecoveryReport,
  now: Date
) {
  const options = shipping.getOptions()
  const leases = shipping.leases()
  const rows = await shipping.listShipments(
    {
      status: "pending",
      $or: [{ lease_until: null }, { lease_until: { $lt: now } }],
    },
    { take: PAGE, order: { created_at: "ASC" } }
  )
  for (const row of rows) {
    if (!(await leases.take(SHIPMENTS, row.id, ["pending"]))) continue
    try {
      const settled = await settleInterrupted(
        shipping,
        pluginClient(options, logger(container)),
        row,
        serviceOfRow(options.services, row)
      )
      if (settled.status === "created") report.settled.created++
      else report.settled.failed++
    } catch (error) {
      report.settled.unknown++
      logger(container).warn(
        `shipping-services: the interrupted purchase ${row.id} could not be settled yet (retried on recovery.schedule): ${messageOf(error)}`
      )
    } finally {
      await leases.release(SHIPMENTS, row.id)
    }
  }
}

/** Created labels never seen on a finished fulfillment, old enough not to be in flight, lease free. */
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

/**
 * Which of these labels a live fulfillment holds (then they are marked attached, healing a
 * missed label-storage run) and which none does, grouped by the fulfillment they were bought for.
 */
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
  const linked = await shipping.linkedFulfillments(ids)
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

/**
 * The labels nothing has held for `graceMs`, grouped by the fulfilment they were bought for
 * (those a fulfilment does hold are marked attached on the way).
 */
async function unattachedGroups(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService,
  now: Date,
  graceMs: number
): Promise<ShipmentRecord[][]> {
  const rows = await unattached(shipping, now, graceMs)
  if (!rows.length) return []
  return [...(await splitByHolder(container, shipping, rows)).values()]
}

async function rehomeLabels(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService,
  report: RecoveryReport,
  now: Date
) {
  const options = shipping.getOptions()
  const leases = shipping.leases()
  for (const group of await unattachedGroups(
    container,
    shipping,
    now,
    options.recovery.leaseSeconds * 1000
  )) {
    const first = group[0]
    // Returns go back through Medusa's return flow, and a partial group (some parcels were never
    // bought) through the automatic fulfilment, which packs the same parcels again.
    if (
      !first.order_id ||
      first.is_return ||
      group.length !== (first.parcel_count ?? 1)
    )
      continue
    if (await hasOpenAutoFulfillment(shipping, first.order_id)) continue
    const parcels = [...group]
      .sort((a, b) => (a.parcel_index ?? 0) - (b.parcel_index ?? 0))
      .map((r) => parcelOf(r))
    if (parcels.some((p) => !p)) continue
    const taken: string[] = []
    for (const row of group)
      if (await leases.take(SHIPMENTS, row.id, ["created"])) taken.push(row.id)
    try {
      if (taken.length !== group.length) continue
      const fulfilled = await refulfill(
        container,
        first.order_id,
        parcels as ParcelOfRow[]
      )
      if (fulfilled) report.rehomed += group.length
    } finally {
      for (const id of taken) await leases.release(SHIPMENTS, id)
    }
  }
}

type ParcelOfRow = {
  items: { line_item_id: string; quantity: number }[]
  box?: string
}

function parcelOf(row: ShipmentRecord): ParcelOfRow | undefined {
  const parcel = row.parcel as {
    items?: { line_item_id: string; quantity: number }[]
    box?: string
  } | null
  if (parcel?.items?.length)
    return { items: parcel.items, ...(parcel.box ? { box: parcel.box } : {}) }
  // Labels of versions before several parcels: the request key names the lines ("outbound|order|line:qty,…").
  const lines = row.request_key.split("|")[2]
  if (!lines) return undefined
  const items = lines.split(",").map((pair) => {
    const [line_item_id, quantity] = pair.split(":")
    return { line_item_id, quantity: Number(quantity) }
  })
  return items.every((i) => i.line_item_id && i.quantity > 0)
    ? { items }
    : undefined
}

/** Medusa's fulfilment of exactly these parcels; the provider finds their labels by key. */
async function refulfill(
  container: MedusaContainer,
  orderId: string,
  parcels: ParcelOfRow[]
): Promise<boolean> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "shipping_methods.shipping_option_id"],
    filters: { id: orderId },
  })
  const order = data[0] as
    { shipping_methods?: { shipping_option_id?: string | null }[] } | undefined
  const shippingOptionId = order
    ? await ourShippingOptionOf(container, order)
    : undefined
  if (!shippingOptionId) return false
  const quantities = new Map<string, number>()
  for (const p of parcels)
    for (const i of p.items)
      quantities.set(
        i.line_item_id,
        (quantities.get(i.line_item_id) ?? 0) + i.quantity
      )
  try {
    await createOrderFulfillmentWorkflow(container).run({
      input: {
        order_id: orderId,
        items: [...quantities].map(([id, quantity]) => ({ id, quantity })),
        shipping_option_id: shippingOptionId,
        additional_data: { [ADDITIONAL_DATA_KEY]: { parcels } },
      },
    })
    return true
  } catch (error) {
    // The items were fulfilled otherwise, or the order canceled: the labels become orphans.
    logger(container).warn(
      `shipping-services: could not re-create the fulfillment of order ${orderId} around its bought labels: ${messageOf(error)}`
    )
    return false
  }
}

async function hasOpenAutoFulfillment(
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

async function resumeAutoFulfillments(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService,
  report: RecoveryReport,
  now: Date
) {
  const stopped = await shipping.listAutoFulfillments(
    {
      status: "running",
      $or: [{ lease_until: null }, { lease_until: { $lt: now } }],
    },
    { take: PAGE, order: { updated_at: "ASC" }, select: ["id", "order_id"] }
  )
  for (const record of stopped) {
    const outcome = await autoFulfillOrder(container, record.order_id, { now })
    if (
      outcome.status !== "skipped" ||
      outcome.reason === "nothing left to fulfil"
    )
      report.resumed++
  }
}

async function sweepOrphans(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService,
  report: RecoveryReport,
  now: Date
) {
  const options = shipping.getOptions()
  const leases = shipping.leases()
  for (const group of await unattachedGroups(
    container,
    shipping,
    now,
    options.recovery.orphanGraceMinutes * 60_000
  )) {
    for (const row of group) {
      if (
        row.order_id &&
        (await hasOpenAutoFulfillment(shipping, row.order_id))
      )
        continue
      if (!(await leases.take(SHIPMENTS, row.id, ["created"]))) continue
      try {
        await shipping.updateShipments({ id: row.id, orphaned_at: now })
        if (!options.recovery.voidOrphans) {
          report.orphans.kept++
          continue
        }
        // The same workflow as an admin's Void of an orphan: voided at the service, recorded.
        await voidLabel(container, row.id)
        report.orphans.voided++
      } catch (error) {
        report.orphans.kept++
        await shipping.updateShipments({
          id: row.id,
          error: {
            message: `No fulfillment holds this label, and it was not voided: ${messageOf(error)}`,
            code: "orphan",
          },
        })
      } finally {
        await leases.release(SHIPMENTS, row.id)
      }
    }
  }
}

/**
 * How old a fulfillment without an order must be before it counts as half-made. A live workflow
 * writes its label's pending row (which keeps the fulfillment from being discarded whatever its
 * age) within moments of creating the fulfillment, and links it within moments of the label's
 * purchase; this only has to outlast the first of those moments, by far.
 */
export function halfMadeAfterSeconds(leaseSeconds: number): number {
  return Math.max(30, 2 * leaseSeconds)
}

async function discardHalfMade(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService,
  report: RecoveryReport
) {
  const olderThanSeconds = halfMadeAfterSeconds(
    shipping.getOptions().recovery.leaseSeconds
  )
  const found = await shipping.halfMadeFulfillments({
    providerPrefix: `${PROVIDER_IDENTIFIER}_`,
    olderThanSeconds,
    limit: PAGE,
  })
  for (const { id } of found) {
    try {
      await discardHalfMadeFulfillmentWorkflow(container).run({
        input: { fulfillment_id: id, older_than_seconds: olderThanSeconds },
      })
      report.halfMade++
      add(METRICS.halfMadeFulfillments, 1, {})
    } catch (error) {
      logger(container).warn(
        `shipping-services: the half-made fulfillment ${id} (no order, no label) was not removed yet (retried on recovery.schedule): ${messageOf(error)}`
      )
    }
  }
}

function logger(container: MedusaContainer) {
  return container.resolve(ContainerRegistrationKeys.LOGGER)
}
