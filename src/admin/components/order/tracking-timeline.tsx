import { Text } from "@medusajs/ui"
import { formatScanTime, statusLabel } from "../../lib/format"
import type { AdminTimelineEntry } from "../../lib/types"

/** The parcel's scans, newest first: when (as scanned), where, what. */
export function TrackingTimeline({ events }: { events: AdminTimelineEntry[] }) {
  if (!events.length) {
    return (
      <Text size="small" className="text-ui-fg-subtle">
        No tracking events yet. They appear as the carrier scans the parcel.
      </Text>
    )
  }
  return (
    <ol className="flex flex-col gap-y-3" data-testid="tracking-timeline">
      {[...events].reverse().map((e, i) => (
        <li key={e.id} className="flex gap-x-3" data-testid="timeline-event">
          <div className="flex flex-col items-center pt-1.5">
            <span
              className={`size-2 rounded-full ${i === 0 ? "bg-ui-fg-interactive" : "bg-ui-fg-muted"}`}
            />
          </div>
          <div className="flex flex-1 flex-col">
            <Text size="small" weight="plus" leading="compact">
              {e.description ?? statusLabel(e.status)}
            </Text>
            <Text size="xsmall" className="text-ui-fg-subtle">
              {formatScanTime(e)}
              {e.location ? ` · ${e.location}` : ""}
              {e.status && e.description ? ` · ${statusLabel(e.status)}` : ""}
              {e.unmatched ? " · received before the label was matched" : ""}
            </Text>
          </div>
        </li>
      ))}
    </ol>
  )
}
