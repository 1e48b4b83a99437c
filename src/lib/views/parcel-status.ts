import type { PluginOptions } from "../../options/schema"
import { planTrackingApply, type TrackingState } from "../tracking/plan"
import type { Implausibility } from "../tracking/plausibility"
import type { StoredEvent } from "./timeline"

export type ParcelStatus = {
  status: string | null
  status_at: Date | null
  /** The events that count for nothing, and why (the admin marks them; shoppers do not see them). */
  ignored: ReadonlyMap<string, Implausibility>
}

/**
 * A parcel's status as both the admin's widget and the shopper's route show it, from one
 * function: the apply path's plan over the same events, with each applied event's verdict read
 * from its stored outcome (what the apply path decided: the views used to judge again by
 * themselves, on another clock, and disagreed) and events not applied yet judged as the apply path will judge
 * them. Pure.
 */
export function parcelStatusOf(input: {
  row: TrackingState["shipment"]
  /** The parcel's events (eventsOfShipment). */
  events: readonly StoredEvent[]
  options: Partial<Pick<PluginOptions, "tracking">>
  /** The sandbox's clock, when the sandbox answers the plugin's calls (no call is made for it). */
  sandboxNow?: Date | null
  now?: Date
}): ParcelStatus {
  const plan = planTrackingApply({
    shipment: input.row,
    fulfillment: null,
    events: [...input.events],
    plausibility: input.options.tracking,
    now: input.now,
    sandboxNow: input.sandboxNow,
    storedVerdicts: true,
  })
  return {
    status: plan.tracking_status,
    status_at: plan.tracking_status_at,
    ignored: new Map(plan.ignored.map((i) => [i.event_id, i.reason])),
  }
}
