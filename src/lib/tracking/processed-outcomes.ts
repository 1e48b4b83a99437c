import { IMPLAUSIBLE_OUTCOME } from "./plausibility"
import type { TrackingPlan } from "./plan"

/** What an apply did with each event it processed, grouped by outcome (stored on the event). */
export type ProcessedOutcome = { outcome: string; ids: string[] }

/**
 * The outcome stored on each event an applied plan processed: the shipment's state first (a
 * voided label moves nothing whatever the date), then why an implausible event moved nothing,
 * else what the plan did ("shipped", "shipped+delivered", "recorded"). Events applied before
 * under another verdict (a staler sandbox clock) get today's. Pure.
 */
export function processedOutcomes(
  plan: Pick<
    TrackingPlan,
    | "skipped"
    | "transitions"
    | "implausible"
    | "processed_event_ids"
    | "rejudged"
  >
): ProcessedOutcome[] {
  const counted = plan.transitions.length
    ? plan.transitions.join("+")
    : "recorded"
  const processed: ProcessedOutcome[] = []
  const group = (entries: [string, string][]) => {
    const byOutcome = new Map<string, string[]>()
    for (const [o, id] of entries)
      byOutcome.set(o, [...(byOutcome.get(o) ?? []), id])
    for (const [outcome, ids] of byOutcome) processed.push({ outcome, ids })
  }
  if (plan.processed_event_ids.length) {
    const ignored = new Map(
      plan.implausible.map((i) => [i.event_id, IMPLAUSIBLE_OUTCOME[i.reason]])
    )
    group(
      plan.processed_event_ids.map((id) => [
        plan.skipped ?? ignored.get(id) ?? counted,
        id,
      ])
    )
  }
  if (plan.rejudged.length)
    group(
      plan.rejudged.map((r) => [
        r.reason ? IMPLAUSIBLE_OUTCOME[r.reason] : counted,
        r.event_id,
      ])
    )
  return processed
}
