import { messageOf } from "../../lib/errors"
import { add, METRICS } from "../../lib/telemetry"
import { PROVIDER_IDENTIFIER } from "../../options/resolve"
import { discardHalfMadeFulfillmentWorkflow } from "../../workflows/discard-half-made-fulfillment"
import { voidShipmentLabelWorkflow } from "../../workflows/void-shipment-label"
import {
  hasOpenAutoFulfillment,
  logger,
  PAGE,
  SHIPMENTS,
  unattachedGroups,
  type RecoveryRun,
} from "./common"

/** Recovery's step 4. */
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
        await voidShipmentLabelWorkflow(container).run({
          input: { shipment_id: row.id },
        })
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

/** A live workflow writes its pending row and links within moments; this only has to outlast that, by far. */
export function halfMadeAfterSeconds(leaseSeconds: number): number {
  return Math.max(30, 2 * leaseSeconds)
}

/** Recovery's step 5, through Medusa's fulfillment module. */
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
