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
  applyShipmentTrackingWorkflow,
  linkTrackingEventsWorkflow,
} from "../../workflows/apply-shipment-tracking"
import { shippingOf } from "../../modules/shipping-services"

// For notification subscribers.
export const NOTICE_EVENTS: Record<string, string> = {
  DeliveryAttempt: "shipping-services.shipment.delivery_attempt",
  Exception: "shipping-services.shipment.exception",
  ReturnToSender: "shipping-services.shipment.return_to_sender",
  ReadyForPickup: "shipping-services.shipment.ready_for_pickup",
  PickupMissed: "shipping-services.shipment.pickup_missed",
}

/** Events without a shipment of this store stay unmatched until one appears. */
export async function applyTrackingNumbers(
  container: MedusaContainer,
  trackingNumbers: string[]
): Promise<void> {
  const shipping = shippingOf(container)
  const unique = [...new Set(trackingNumbers)].filter(Boolean)
  for (let i = 0; i < unique.length; i += 200) {
    // An announcement whose events a run before took costs this one read, not a lock per parcel.
    const pending = await shipping
      .tracking()
      .pendingEvents(unique.slice(i, i + 200))
    if (!pending.length) continue
    const byNumber = new Map(
      pending.map((p) => [p.tracking_number, p.shipment_id])
    )
    const fulfillmentOf = new Map(
      pending.map((p) => [p.shipment_id, p.fulfillment_id ?? null])
    )
    const links = new Map<string, string>()
    const eventsOf = new Map<string, string[]>()
    for (const p of pending) {
      const shipment_id = byNumber.get(p.tracking_number)!
      if (!p.event_shipment_id) links.set(p.event_id, shipment_id)
      eventsOf.set(shipment_id, [
        ...(eventsOf.get(shipment_id) ?? []),
        p.event_id,
      ])
    }
    if (links.size)
      await linkTrackingEventsWorkflow(container).run({
        input: {
          links: [...links].map(([id, shipment_id]) => ({ id, shipment_id })),
        },
      })
    for (const [shipmentId, eventIds] of eventsOf) {
      // A run of this process may be applying these very events: after it, only what it left.
      await runningOf(container).get(shipmentId)
      if (eventIds.every((id) => settledOf(container).has(id))) continue
      await applyShipmentTracking(container, shipmentId, {
        fulfillment_id: fulfillmentOf.get(shipmentId) ?? null,
      })
    }
  }
}

/** Locked per fulfillment, as its parcels move it together; re-running it changes nothing. */
export async function applyShipmentTracking(
  container: MedusaContainer,
  shipmentId: string,
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
  // Announcements made while an apply waits for the lock join it: it reads the whole timeline.
  const run = pendingRunsOf(container).run(shipmentId, (started) =>
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
  const running = runningOf(container)
  const settled = run.then(
    () => undefined,
    () => undefined
  )
  running.set(shipmentId, settled)
  void settled.then(() => {
    if (running.get(shipmentId) === settled) running.delete(shipmentId)
  })
  return run
}

/** Per container: the apply of each shipment in flight in this process, settled either way. */
const runningApplies = new WeakMap<
  MedusaContainer,
  Map<string, Promise<undefined>>
>()
function runningOf(container: MedusaContainer) {
  let running = runningApplies.get(container)
  if (!running) runningApplies.set(container, (running = new Map()))
  return running
}

/**
 * Per container: events an apply of this process found processed or processed itself, under the
 * lock. An announcement of only those (stored while that apply ran) needs no apply of its own.
 */
const settledEvents = new WeakMap<MedusaContainer, Set<string>>()
const SETTLED_KEPT = 10_000
function settledOf(container: MedusaContainer) {
  let settled = settledEvents.get(container)
  if (!settled) settledEvents.set(container, (settled = new Set()))
  return settled
}
function noteSettled(container: MedusaContainer, ids: string[]) {
  const settled = settledOf(container)
  if (settled.size + ids.length > SETTLED_KEPT) settled.clear()
  for (const id of ids) settled.add(id)
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
  const order = target?.order
  // The label is bought inside Medusa's workflow, before it links the fulfillment to its order.
  const failure =
    plan.transitions.length && !order?.id
      ? "its fulfillment is not linked to an order yet"
      : undefined
  const transitions = failure ? [] : plan.transitions
  const processed = failure ? [] : processedOutcomes(plan)
  const fields = {
    tracking_status: plan.tracking_status,
    tracking_status_at: plan.tracking_status_at,
    last_event_at: plan.last_event_at,
    ...(plan.tracking_status === "Delivered" ? { next_poll_at: null } : {}),
  }
  const returnDelivered =
    !failure &&
    shipment.is_return &&
    shipment.status !== "voided" &&
    plan.progress === "delivered" &&
    !shipment.delivered_applied_at
  const unchanged = summaryUnchanged(shipment, fields)
  // An apply that finds its events applied already (by the run before it) runs nothing.
  if (processed.length || !unchanged || transitions.length || returnDelivered) {
    const to = order && {
      order_id: order.id,
      fulfillment_id: target!.id,
      no_notification: !!order.no_notification,
    }
    try {
      await applyShipmentTrackingWorkflow(container).run({
        input: {
          shipment_id: shipment.id,
          fields: unchanged ? {} : fields,
          applied: [
            ...new Set([
              ...transitions,
              ...(returnDelivered ? (["delivered"] as const) : []),
            ]),
          ],
          applied_at: now,
          processed,
          // Medusa's shipment replaces the fulfillment's labels with `labels ?? []`: pass them on.
          shipped: transitions.includes("shipped")
            ? {
                ...to!,
                items: (target!.items ?? []).map((i) => ({
                  id: i.line_item_id as string,
                  quantity: Number(i.quantity),
                })),
                labels: medusaLabelsOf(
                  parcels.filter((p) => p.status !== "voided"),
                  options
                ),
              }
            : undefined,
          delivered: transitions.includes("delivered") ? to! : undefined,
          return_delivered: returnDelivered
            ? await returnDeliveredEvent(container, shipment)
            : undefined,
        },
      })
    } catch (error) {
      // The run gave everything back: the next delivery, the polling job or a retry tries again.
      logger.warn(
        `shipping-services: could not mark ${shipment.tracking_number} ${plan.transitions.join("+") || "recorded"}: ${messageOf(error)}`
      )
      throw error
    }
  }
  if (failure) {
    logger.warn(
      `shipping-services: could not mark ${shipment.tracking_number} ${plan.transitions.join("+")}: ${failure} (tried again with the next delivery, a retry or the polling job)`
    )
    throw new Error(failure)
  }
  if (plan.notices.length && !plan.skipped) {
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
  noteSettled(container, [
    ...events.filter((e) => e.processed_at).map((e) => e.id),
    ...processed.flatMap((p) => p.ids),
  ])
  return plan
}

/** A return parcel's `Delivered`, announced once; receiving the items stays the merchant's act. */
async function returnDeliveredEvent(
  container: MedusaContainer,
  shipment: {
    id: string
    order_id?: string | null
    fulfillment_id?: string | null
    tracking_number?: string | null
  }
) {
  const fulfillmentId = shipment.fulfillment_id ?? null
  const returns = fulfillmentId
    ? await shippingOf(container)
        .medusa()
        .returnsOfFulfillments([fulfillmentId])
    : undefined
  return {
    data: {
      shipment_id: shipment.id,
      order_id: shipment.order_id ?? null,
      return_id: (fulfillmentId && returns?.get(fulfillmentId)) || null,
      fulfillment_id: fulfillmentId,
      tracking_number: shipment.tracking_number ?? null,
    },
    options: {
      ...PLUGIN_EVENT_OPTIONS,
      backoff: { ...PLUGIN_EVENT_OPTIONS.backoff },
    },
  }
}
