import { messageOf } from "../../lib/errors"
import { add, METRICS } from "../../lib/telemetry"
import { PROVIDER_IDENTIFIER } from "../../options/resolve"
import { discardHalfMadeFulfillmentWorkflow } from "../../workflows/discard-half-made-fulfillment"
import { voidLabel } from "../labels/void-label"
import {
  hasOpenAutoFulfillment,
  logger,
  PAGE,
  SHIPMENTS,
  unattachedGroups,
  type RecoveryRun,
} from "./common"

/**
 * Recovery's step 4: labels no fulfillment took after the grace are orphans,
 * voided while the service allows it, else marked and shown to admins.
 */
export async function sweepOrphans(run: RecoveryRun) {
  const { container, shipping, options, leases, report, now } = run
  for (const group of await unattachedGroups(
    run,
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

/**
 * Recovery's step 5: fulfillments a stopped process left half-made (no order, no label),
 * canceled and deleted through Medusa's fulfillment module.
 */
export async function discardHalfMade(run: RecoveryRun) {
  const { container, shipping, options, report } = run
  const olderThanSeconds = halfMadeAfterSeconds(options.recovery.leaseSeconds)
  const found = await shipping.medusa().halfMadeFulfillments({
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
