import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { messageOf } from "../../lib/errors"
import {
  logger,
  PAGE,
  SHIPMENTS,
  type RecoveryReport,
  type RecoveryRun,
} from "./common"
import { discardHalfMade, sweepOrphans } from "./orphans"
import { rehomeLabels } from "./rehome-labels"
import { serviceOfRow } from "../../lib/shipments/service-of-row"
import { settleInterrupted } from "../../providers/shipping-services/purchase"
import { autoFulfillOrder } from "../auto-fulfillment/auto-fulfill"
import { NOTHING_LEFT } from "../auto-fulfillment/fulfillment-plan"
import { retryWaitingReturnLabels } from "../returns/waiting-return-labels"
import { pluginClient } from "../../lib/plugin-client"
import { shippingOf } from "../../modules/shipping-services"

/**
 * Finishes what processes that stopped mid-way left behind (kill -9, a lost host, a deploy),
 * so that no label is bought twice and none is lost. Runs at boot
 * and on recovery.schedule (a job); every step works on leased
 * rows only (the module's leases), so a process that is still alive is never
 * interrupted, and two processes recovering at once never do the same row.
 *
 * 1. Purchases left `pending` are settled with the retry operation (doc 2 rule 4): the label the
 *    service made is recorded; one it did not make is marked failed, so it may be bought again.
 * 2. Labels bought for a fulfillment that Medusa never finished (the process died between the
 *    purchase and Medusa's last step) get a fulfillment again: Medusa's fulfillment workflow runs
 *    for the same items and parcels, and the provider takes the existing labels (same keys)
 *    instead of buying. Orders with a pending automatic fulfillment get theirs from step 3.
 * 3. Automatic fulfillments whose process stopped are run again (they find their labels).
 * 4. Labels that no fulfillment took after `recovery.orphanGraceMinutes` are orphans: voided
 *    while the service allows it (`recovery.voidOrphans`), else marked and shown to admins.
 * 5. Fulfillments of this provider that a stopped process left half-made (created by Medusa,
 *    never linked to an order, no label: the process died while the label was bought) are
 *    canceled and deleted through Medusa's fulfillment module, once steps 1–4 moved the labels
 *    bought for them elsewhere.
 * 6. Return labels of exchanges and claims still waiting (their event lost, or their retries
 *    spent while the service was away) are bought when due.
 */
export async function recoverInterruptedWork(
  container: MedusaContainer,
  now = new Date()
): Promise<RecoveryReport> {
  const shipping = shippingOf(container)
  const report: RecoveryReport = {
    settled: { created: 0, failed: 0, unknown: 0 },
    rehomed: 0,
    resumed: 0,
    orphans: { voided: 0, kept: 0 },
    halfMade: 0,
    changeReturnLabels: 0,
  }
  const run: RecoveryRun = {
    container,
    shipping,
    options: shipping.getOptions(),
    leases: shipping.leases(),
    report,
    now,
  }
  await settlePending(run)
  await rehomeLabels(run)
  await resumeAutoFulfillments(run)
  await sweepOrphans(run)
  await discardHalfMade(run)
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

/** Recovery's step 1: purchases left pending, settled with the retry operation. */
async function settlePending(run: RecoveryRun) {
  const { container, shipping, options, leases, report, now } = run
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

/** Recovery's step 3: automatic fulfillments whose process stopped, run again. */
async function resumeAutoFulfillments(run: RecoveryRun) {
  const { container, shipping, report, now } = run
  const stopped = await shipping.listAutoFulfillments(
    {
      status: "running",
      $or: [{ lease_until: null }, { lease_until: { $lt: now } }],
    },
    { take: PAGE, order: { updated_at: "ASC" }, select: ["id", "order_id"] }
  )
  for (const record of stopped) {
    const outcome = await autoFulfillOrder(container, record.order_id, { now })
    if (outcome.status !== "skipped" || outcome.reason === NOTHING_LEFT)
      report.resumed++
  }
}
