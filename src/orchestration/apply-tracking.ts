import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createOrderShipmentWorkflow, markOrderFulfillmentAsDeliveredWorkflow } from "@medusajs/medusa/core-flows"
import { fulfillmentMatters, planTrackingApply, type TrackingPlan } from "../lib/tracking/plan"
import { SHIPPING_SERVICES_MODULE } from "../options/resolve"
import type ShippingServicesModuleService from "../modules/shipping-services/service"
import { messageOf } from "../providers/shipping-services/purchase"
import { withLock } from "./lock"
import { emitPluginEvents, eventBusOf } from "./plugin-events"

/** Plugin events announcing what a parcel went through (for notification subscribers). */
export const NOTICE_EVENTS: Record<string, string> = {
  DeliveryAttempt: "shipping-services.shipment.delivery_attempt",
  Exception: "shipping-services.shipment.exception",
  ReturnToSender: "shipping-services.shipment.return_to_sender",
  ReadyForPickup: "shipping-services.shipment.ready_for_pickup",
  PickupMissed: "shipping-services.shipment.pickup_missed",
}

const SHIPMENT_FIELDS = ["id", "status", "tracking_status", "tracking_number", "fulfillment_id", "order_id", "is_return", "shipped_applied_at", "delivered_applied_at"]
const EVENT_FIELDS = ["id", "kind", "package_status", "occurred_at", "created_at", "processed_at"]

type FulfillmentState = {
  id: string
  shipped_at?: string | null
  delivered_at?: string | null
  canceled_at?: string | null
  items?: { line_item_id?: string | null; quantity?: number }[]
  order?: { id: string } | null
}

/**
 * Stored events of these tracking numbers → their shipments → Medusa. Events without a shipment
 * of this store are matched when one appears, and stay visible to admins as unmatched.
 */
export async function applyTrackingNumbers(container: MedusaContainer, trackingNumbers: string[]): Promise<void> {
  const shipping: ShippingServicesModuleService = container.resolve(SHIPPING_SERVICES_MODULE)
  const unique = [...new Set(trackingNumbers)].filter(Boolean)
  for (let i = 0; i < unique.length; i += 200) {
    const chunk = unique.slice(i, i + 200)
    const shipments = await shipping.listShipments({ tracking_number: chunk, status: ["created", "voided"] }, { select: ["id", "tracking_number"] })
    if (!shipments.length) continue
    const byNumber = new Map(shipments.map((s) => [s.tracking_number as string, s.id]))
    const unmatched = await shipping.listTrackingEvents({ tracking_number: [...byNumber.keys()], shipment_id: null }, { select: ["id", "tracking_number"] })
    if (unmatched.length) {
      await shipping.updateTrackingEvents(unmatched.map((e) => ({ id: e.id, shipment_id: byNumber.get(e.tracking_number) ?? null })))
    }
    for (const shipmentId of new Set(byNumber.values())) {
      await applyShipmentTracking(container, shipmentId)
    }
  }
}

/**
 * One shipment's whole timeline → Medusa, under a lock on the shipment: shipped once, delivered
 * once, never backwards, nothing for voided shipments or canceled fulfillments. Re-running it
 * changes nothing (Medusa's fulfillment is the record of what was applied).
 */
export async function applyShipmentTracking(container: MedusaContainer, shipmentId: string): Promise<TrackingPlan | undefined> {
  return withLock(container.resolve(Modules.LOCKING), `shipping-services:tracking:${shipmentId}`, () => applyLocked(container, shipmentId), {
    family: "tracking",
    capacity: 2,
    timeout: 30,
  })
}

async function applyLocked(container: MedusaContainer, shipmentId: string): Promise<TrackingPlan | undefined> {
  const shipping: ShippingServicesModuleService = container.resolve(SHIPPING_SERVICES_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  // Not the label columns: a label not yet moved to the File module sits on the row.
  const [shipment] = await shipping.listShipments({ id: shipmentId }, { select: SHIPMENT_FIELDS })
  if (!shipment) return undefined
  const events = await shipping.listTrackingEvents({ shipment_id: shipmentId }, { select: EVENT_FIELDS })
  const fulfillment =
    shipment.is_return || !shipment.fulfillment_id
      ? null
      : fulfillmentMatters(shipment, events)
        ? await fulfillmentState(container, shipment.fulfillment_id)
        : ("not-needed" as const)
  const plan = planTrackingApply({ shipment, fulfillment, events })
  // Transitions are planned only from a fulfillment that was read.
  const target = fulfillment === "not-needed" ? null : fulfillment
  const now = new Date()
  const applied: { shipped_applied_at?: Date; delivered_applied_at?: Date } = {}
  let failure: string | undefined
  for (const step of plan.transitions) {
    try {
      if (step === "shipped") {
        await createOrderShipmentWorkflow(container).run({
          input: {
            order_id: target!.order!.id,
            fulfillment_id: target!.id,
            items: (target!.items ?? []).map((i) => ({ id: i.line_item_id as string, quantity: Number(i.quantity) })),
          },
        })
        applied.shipped_applied_at = now
      } else {
        await markOrderFulfillmentAsDeliveredWorkflow(container).run({ input: { orderId: target!.order!.id, fulfillmentId: target!.id } })
        applied.delivered_applied_at = now
      }
    } catch (error) {
      // Leave the events unprocessed: the next delivery, the polling job or a retry tries again.
      failure = messageOf(error)
      logger.warn(`shipping-services: could not mark ${shipment.tracking_number} ${step}: ${failure}`)
      break
    }
  }
  await shipping.recordShipmentTracking(shipment.id, {
    tracking_status: plan.tracking_status,
    tracking_status_at: plan.tracking_status_at,
    last_event_at: plan.last_event_at,
    ...applied,
    ...(plan.tracking_status === "Delivered" ? { next_poll_at: null } : {}),
  })
  if (!failure && plan.processed_event_ids.length) {
    const outcome = plan.skipped ?? (plan.transitions.length ? plan.transitions.join("+") : "recorded")
    await shipping.markTrackingEventsProcessed(plan.processed_event_ids, now, outcome)
  }
  if (!failure && plan.notices.length && !plan.skipped) {
    await emitPluginEvents(
      eventBusOf(container),
      plan.notices
        .filter((n) => NOTICE_EVENTS[n.status])
        .map((n) => ({
          name: NOTICE_EVENTS[n.status],
          data: { shipment_id: shipment.id, order_id: shipment.order_id, fulfillment_id: shipment.fulfillment_id, tracking_number: shipment.tracking_number, status: n.status, event_id: n.event_id },
        }))
    )
  }
  if (failure) throw new Error(failure)
  return plan
}

async function fulfillmentState(container: MedusaContainer, fulfillmentId: string): Promise<FulfillmentState | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "fulfillment",
    fields: ["id", "shipped_at", "delivered_at", "canceled_at", "items.line_item_id", "items.quantity", "order.id"],
    filters: { id: fulfillmentId },
  })
  return (data[0] as FulfillmentState | undefined) ?? null
}
