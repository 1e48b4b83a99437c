import { Text } from "@medusajs/ui"
import { formatScanTime, statusLabel } from "../../lib/format"
import type { AdminTimelineEntry } from "../../lib/types"

/** Newest first; an impossibly dated scan is struck through with the reason (it moved nothing). */
export function TrackingTimeline({ events }: { events: AdminTimelineEntry[] }) {
  const currentId = [...events].reverse().find((e) => !e.ignored)?.id
  if (!events.length) {
    return (
      <Text size="small" className="text-ui-fg-subtle">
        No tracking events yet. They appear as the carrier scans the parcel.
      </Text>
    )
  }
  return (
    <ol className="flex flex-col gap-y-3" data-testid="tracking-timeline">
      {[...events].reverse().map((e) => (
        <li
          key={e.id}
          className={`flex gap-x-3 ${e.ignored ? "opacity-60" : ""}`}
          data-testid="timeline-event"
          data-ignored={e.ignored ? "true" : undefined}
        >
          <div className="flex flex-col items-center pt-1.5">
            <span
              className={`size-2 rounded-full ${e.id === currentId ? "bg-ui-fg-interactive" : "bg-ui-fg-muted"}`}
            />
          </div>
          <div className="flex flex-1 flex-col">
            <Text
              size="small"
              weight="plus"
              leading="compact"
              className={e.ignored ? "line-through" : undefined}
            >
              {e.description ?? statusLabel(e.status)}
            </Text>
            <Text size="xsmall" className="text-ui-fg-subtle">
              {formatScanTime(e)}
              {e.location ? ` · ${e.location}` : ""}
              {e.status && e.description ? ` · ${statusLabel(e.status)}` : ""}
              {e.unmatched ? " · received before the label was matched" : ""}
            </Text>
            {e.ignored && (
              <Text
                size="xsmall"
                className="text-ui-fg-error"
                data-testid="timeline-event-ignored"
              >
                Moved nothing ({e.ignored.replace(/^ignored: /, "")}): its date
                is impossible for this label.
              </Text>
            )}
          </div>
        </li>
      ))}
    </ol>
  )
}
