import type { PackageStatus } from "../../shipping-api/constants"

/**
 * What a package status (doc 3) means for the Medusa fulfillment:
 * - `shipped`: the carrier has the parcel → createOrderShipmentWorkflow, once;
 * - `delivered`: → markOrderFulfillmentAsDeliveredWorkflow, once;
 * - `notice`: kept on the timeline and announced as a plugin event (notifications);
 * - `none`: kept on the timeline only (Manifest: the label exists, nothing moved yet).
 */
export type MedusaStep = "none" | "shipped" | "delivered" | "notice"

export const STEP_OF_STATUS: Record<PackageStatus, MedusaStep> = {
  Manifest: "none",
  Acceptance: "shipped",
  PickedUp: "shipped",
  InTransit: "shipped",
  OutForDelivery: "shipped",
  Delivered: "delivered",
  DeliveryAttempt: "notice",
  Exception: "notice",
  ReturnToSender: "notice",
  ReadyForPickup: "notice",
  PickupMissed: "notice",
}

export function stepOfStatus(status: string | null | undefined): MedusaStep {
  return (status && STEP_OF_STATUS[status as PackageStatus]) || "none"
}

/** Steps only move forward: a late InTransit after Delivered changes nothing. */
const RANK: Record<"none" | "shipped" | "delivered", number> = {
  none: 0,
  shipped: 1,
  delivered: 2,
}

export type FulfillmentProgress = "none" | "shipped" | "delivered"

export function progressOf(
  statuses: readonly (string | null | undefined)[]
): FulfillmentProgress {
  let best: FulfillmentProgress = "none"
  for (const s of statuses) {
    const step = stepOfStatus(s)
    if (step !== "notice" && RANK[step] > RANK[best]) best = step
  }
  return best
}

/**
 * The Medusa transitions still to apply, in order, given how far the timeline has got and what
 * was applied before. Delivered implies shipped: Medusa marks a fulfillment delivered only once.
 */
export function pendingTransitions(
  progress: FulfillmentProgress,
  applied: { shipped: boolean; delivered: boolean }
): ("shipped" | "delivered")[] {
  const out: ("shipped" | "delivered")[] = []
  if (RANK[progress] >= RANK.shipped && !applied.shipped && !applied.delivered)
    out.push("shipped")
  if (progress === "delivered" && !applied.delivered) out.push("delivered")
  return out
}

/**
 * The progress of a fulfillment of several parcels (one label each): shipped as soon as one
 * parcel is with the carrier, delivered only when every parcel is. Pure.
 */
export function combinedProgress(
  parcels: readonly FulfillmentProgress[]
): FulfillmentProgress {
  if (!parcels.length) return "none"
  if (parcels.every((p) => p === "delivered")) return "delivered"
  return parcels.some((p) => p !== "none") ? "shipped" : "none"
}
