import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { planTrackingApply, type TrackingPlan } from "../../lib/tracking/plan"
import { summaryUnchanged } from "../../lib/tracking/summary-change"
import { processedOutcomes } from "../../lib/tracking/processed-outcomes"
import { readTimeline } from "./timeline"
import { pluginClient } from "../../lib/plugin-client"
import { planOnServiceClock } from "../connection/sandbox-clock"
import { messageOf } from "../../lib/errors"
import { medusaLabelsOf } from "../../lib/shipments/fulfillment-data"
import { withLock } from "../../lib/locking"
import { PendingRuns } from "../../lib/pending-runs"
import {
  emitPluginEvents,
  eventBusOf,
  PLUGIN_EVENT_OPTIONS,
} from "../events/plugin-events"
import { add, METRICS, SPANS, withSpan } from "../../lib/telemetry"
import {
  applyTrackingTransitionWorkflow,
  linkTrackingEventsWorkflow,
  recordShipmentTrackingWorkflow,
} from "../../workflows/apply-shipment-tracking"
import { recordReturnDeliveredWorkflow } from "../../workflows/record-return-delivered"
import { shippingOf } from "../../modules/shipping-services"

/** Plugin events announcing what a parcel went through (for notification subscribers). */
export const NOTICE_EVENTS: Record<string, string> = {
  DeliveryAttempt: "shipping-services.shipment.delivery_attempt",
  Exception: "shipping-services.shipment.exception",
  ReturnToSender: "shipping-services.shipment.return_to_sender",
  ReadyForPickup: "shipping-services.shipment.ready_for_pickup",
  PickupMissed: "shipping-services.shipment.pickup_missed",
}

/**
 * Stored events of these tracking numbers → their shipments → Medusa. Events without a shipment
 * of this store are matched when one appears, and stay visible to admins as unmatched.
 */
export async function applyTrackingNumbers(
  container: MedusaContainer,
  trackingNumbers: string[]
): Promise<void> {
  const shipping = shippingOf(container)
  const unique = [...new Set(trackingNumbers)].filter(Boolean)
  for (let i = 0; i < unique.length; i += 200) {
    const chunk = unique.slice(i, i + 200)
    const shipments = await shipping.listShipments(
      { tracking_number: chunk, status: ["created", "voided"] },
      { select: ["id", "tracking_number", "fulfillment_id"] }
    )
    if (!shipments.length) continue
    const byNumber = new Map(
      shipments.map((s) => [s.tracking_number as string, s.id])
    )
    const fulfillmentOf = new Map(
      shipments.map((s) => [s.id, s.fulfillment_id ?? null])
    )
    // The events not applied yet: those stored without a shipment are linked to it, and only
    // shipments with such events are applied. An announcement whose events the run before it
    // applied already (in a burst, that run took every event stored while it started) costs
    // this one read, not a lock and an apply per parcel.
    const pending = await shipping.listTrackingEvents(
      { tracking_number: [...byNumber.keys()], processed_at: null },
      { select: ["id", "tracking_number", "shipment_id"] }
    )
    const links = pending.flatMap((e) => {
      const shipment_id = byNumber.get(e.tracking_number)
      return shipment_id && !e.shipment_id ? [{ id: e.id, shipment_id }] : []
    })
    if (links.length)
      await linkTrackingEventsWorkflow(container).run({ input: { links } })
    const due = new Set(
      pending
        .map((e) => byNumber.get(e.tracking_number))
        .filter((id): id is string => !!id)
    )
    for (const shipmentId of due) {
      await applyShipmentTracking(container, shipmentId, {
        fulfillment_id: fulfillmentOf.get(shipmentId) ?? null,
      })
    }
  }
}

/**
 * One shipment's whole timeline → Medusa, under a lock on its fulfillment (the parcels of one
 * fulfillment move it together): shipped once, with the first parcel accepted; delivered once,
 * with the last parcel delivered; never backwards; nothing for voided shipments or canceled
 * fulfillments. Re-running it changes nothing (Medusa's fulfillment is the record of what was
 * applied).
 */
export async function applyShipmentTracking(
  container: MedusaContainer,
  shipmentId: string,
  /** The shipment's fulfillment as the caller just read it (saves reading it again per delivery). */
  known?: { fulfillment_id: string | null }
): Promise<TrackingPlan | undefined> {
  const shipping = shippingOf(container)
  const [row] = known
    ? [known]
    : await shipping.listShipments(
        { id: shipmentId },
        { select: ["id", "fulfillment_id"] }
      )
  const key = row?.fulfillment_id
    ? `fulfillment:${row.fulfillment_id}`
    : shipmentId
  // A burst's announcements of one parcel queue for its lock: those made while an apply waits
  // for it join that apply, which reads the whole timeline when it gets the lock.
  return pendingRunsOf(container).run(shipmentId, (started) =>
    withSpan(
      SPANS.trackingApply,
      { "shipping_services.shipment_id": shipmentId },
      async (span) => {
        let outcome = "failed"
        try {
          const plan = await withLock(
            container.resolve(Modules.LOCKING),
            `shipping-services:tracking:${key}`,
            () => {
              started()
              return applyLocked(container, shipmentId)
            },
            {
              family: "tracking",
              capacity: 2,
              timeout: 30,
            }
          )
          outcome = !plan
            ? "no_shipment"
            : (plan.skipped ??
              (plan.transitions.length
                ? plan.transitions.join("+")
                : "recorded"))
          return plan
        } finally {
          span.setAttribute("shipping_services.outcome", outcome)
          add(METRICS.trackingApplied, 1, {
            "shipping_services.outcome": outcome,
          })
        }
      }
    )
  )
}

const pendingApplies = new WeakMap<
  MedusaContainer,
  PendingRuns<TrackingPlan | undefined>
>()
function pendingRunsOf(container: MedusaContainer) {
  let runs = pendingApplies.get(container)
  if (!runs) pendingApplies.set(container, (runs = new PendingRuns()))
  return runs
}

async function applyLocked(
  container: MedusaContainer,
  shipmentId: string
): Promise<TrackingPlan | undefined> {
  const shipping = shippingOf(container)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const timeline = await readTimeline(container, shipping, shipmentId)
  if (!timeline) return undefined
  const { shipment, events, fulfillment, parcels, others, othersEvents } =
    timeline
  const now = new Date()
  const options = shipping.getOptions()
  // Dates are judged on the sandbox's clock when the sandbox answers our calls.
  const plan = await planOnServiceClock(
    pluginClient(options, logger),
    (sandboxNow) =>
      planTrackingApply({
        shipment,
        fulfillment,
        events,
        otherParcels: others.map(
          (p, i) =>
            planTrackingApply({
              shipment: p,
              fulfillment: null,
              events: othersEvents[i]!,
              plausibility: options.tracking,
              now,
              sandboxNow,
            }).progress
        ),
        plausibility: options.tracking,
        now,
        sandboxNow,
      })
  )
  // Transitions are planned only from a fulfillment that was read.
  const target = fulfillment === "not-needed" ? null : fulfillment
  let failure: string | undefined
  // A fulfillment Medusa's workflow has made but not linked to its order yet (the label is bought
  // inside that workflow, so its first events can come first): nothing to mark shipped on yet.
  if (plan.transitions.length && !target?.order?.id) {
    failure = "its fulfillment is not linked to an order yet"
    logger.warn(
      `shipping-services: could not mark ${shipment.tracking_number} ${plan.transitions.join("+")}: ${failure} (tried again with the next delivery, a retry or the polling job)`
    )
  }
  for (const transition of failure ? [] : plan.transitions) {
    try {
      // Medusa's own workflows, through applyTrackingTransitionWorkflow: shipment.created and
      // delivery.created for notifications, the order shipped / delivered. Medusa's shipment
      // workflow replaces the fulfillment's labels with `input.labels ?? []`: pass them on.
      await applyTrackingTransitionWorkflow(container).run({
        input: {
          shipment_id: shipment.id,
          transition,
          applied_at: now,
          order_id: target!.order!.id,
          fulfillment_id: target!.id,
          no_notification: !!target!.order!.no_notification,
          items: (target!.items ?? []).map((i) => ({
            id: i.line_item_id as string,
            quantity: Number(i.quantity),
          })),
          labels:
            transition === "shipped"
              ? medusaLabelsOf(
                  parcels.filter((p) => p.status !== "voided"),
                  options
                )
              : [],
        },
      })
    } catch (error) {
      // Leave the events unprocessed: the next delivery, the polling job or a retry tries again.
      failure = messageOf(error)
      logger.warn(
        `shipping-services: could not mark ${shipment.tracking_number} ${transition}: ${failure}`
      )
      break
    }
  }
  const processed = failure ? [] : processedOutcomes(plan)
  const fields = {
    tracking_status: plan.tracking_status,
    tracking_status_at: plan.tracking_status_at,
    last_event_at: plan.last_event_at,
    ...(plan.tracking_status === "Delivered" ? { next_poll_at: null } : {}),
  }
  // An apply that finds its events applied already (by the run before it) records nothing.
  if (processed.length || !summaryUnchanged(shipment, fields))
    await recordShipmentTrackingWorkflow(container).run({
      input: {
        shipment_id: shipment.id,
        fields,
        processed,
        processed_at: now,
      },
    })
  if (!failure && plan.notices.length && !plan.skipped) {
    await emitPluginEvents(
      eventBusOf(container),
      plan.notices
        .filter((n) => NOTICE_EVENTS[n.status])
        .map((n) => ({
          name: NOTICE_EVENTS[n.status],
          data: {
            shipment_id: shipment.id,
            order_id: shipment.order_id,
            fulfillment_id: shipment.fulfillment_id,
            tracking_number: shipment.tracking_number,
            status: n.status,
            event_id: n.event_id,
          },
        }))
    )
  }
  if (
    !failure &&
    shipment.is_return &&
    shipment.status !== "voided" &&
    plan.progress === "delivered" &&
    !shipment.delivered_applied_at
  )
    await announceReturnDelivered(container, shipment, now)
  if (failure) throw new Error(failure)
  return plan
}

/**
 * A return parcel's `Delivered`, once (its shipment records it): the plugin's
 * `shipping-services.return.delivered`. Medusa's return is left as it is: receiving the items
 * (and refunding) stays the merchant's act.
 */
async function announceReturnDelivered(
  container: MedusaContainer,
  shipment: {
    id: string
    order_id?: string | null
    fulfillment_id?: string | null
    tracking_number?: string | null
  },
  now: Date
): Promise<void> {
  const shipping = shippingOf(container)
  const returns = shipment.fulfillment_id
    ? await shipping.medusa().returnsOfFulfillments([shipment.fulfillment_id])
    : new Map<string, string>()
  await recordReturnDeliveredWorkflow(container).run({
    input: {
      shipment_id: shipment.id,
      applied_at: now,
      data: {
        shipment_id: shipment.id,
        order_id: shipment.order_id ?? null,
        return_id:
          (shipment.fulfillment_id && returns.get(shipment.fulfillment_id)) ||
          null,
        fulfillment_id: shipment.fulfillment_id ?? null,
        tracking_number: shipment.tracking_number ?? null,
      },
      event_options: {
        ...PLUGIN_EVENT_OPTIONS,
        backoff: { ...PLUGIN_EVENT_OPTIONS.backoff },
      },
    },
  })
}
