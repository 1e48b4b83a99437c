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
 * Finishes what stopped processes left, so no label is bought twice or lost; at boot and on recovery.schedule, leased
 * rows only. Steps: 1 settle pending purchases; 2 rehome labels of unfinished fulfillments; 3 rerun stopped automatic
 * fulfillments; 4 void or mark orphans; 5 discard half-made fulfillments; 6 buy waiting exchange/claim return labels.
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

/** Step 1. */
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

/** Step 3. */
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
