import type { PluginOptions } from "../../options/schema"
import { planTrackingApply, type TrackingState } from "../tracking/plan"
import type { Implausibility } from "../tracking/plausibility"
import type { StoredEvent } from "./timeline"

export type ParcelStatus = {
  status: string | null
  status_at: Date | null
  /** The admin marks them; shoppers do not see them. */
  ignored: ReadonlyMap<string, Implausibility>
}

/**
 * One function for the widget and the shopper's route; applied events keep their stored verdict (the
 * views once judged again on another clock and disagreed), others are judged as the apply path will.
 */
export function parcelStatusOf(input: {
  row: TrackingState["shipment"]
  events: readonly StoredEvent[]
  options: Partial<Pick<PluginOptions, "tracking">>
  /** When the sandbox answers the plugin's calls (no call is made for it). */
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
