import { formatDay, scanTimeText, statusText } from "../format.js"
import type { Parcel, TimelineEntry } from "../types.js"
import { LOOK, slots, type Styling } from "./styles.js"
import { TrackingNumber } from "./tracking-number.js"

export type ParcelTimelineSlot =
  | "root"
  | "parcel"
  | "header"
  | "title"
  | "status"
  | "estimate"
  | "tracking"
  | "trackingLink"
  | "scans"
  | "scan"
  | "scanTime"
  | "scanText"
  | "scanLocation"
  | "empty"

export type ParcelTimelineProps = Styling<ParcelTimelineSlot> & {
  /** `retrieveOrderTracking`'s answer: null (not this shopper's) renders nothing. */
  parcels: Parcel[] | null | undefined
  /** For dates ("Tue, Dec 1"); the storefront's locale. */
  locale?: string
  /** Shown while the order has no label yet; null renders nothing. */
  emptyText?: string | null
  /** The heading of each parcel. */
  title?: (parcel: Parcel) => string
}

const DEFAULTS: Record<ParcelTimelineSlot, string> = {
  root: "flex flex-col gap-y-4",
  parcel: LOOK.card,
  header: "flex flex-wrap items-center justify-between gap-2",
  title: LOOK.heading,
  status: LOOK.badge,
  estimate: "txt-compact-medium text-ui-fg-base",
  tracking: LOOK.subtle,
  trackingLink: LOOK.link,
  scans: "flex flex-col gap-y-2 border-l border-ui-border-base pl-4",
  scan: "flex flex-col",
  scanTime: LOOK.muted,
  scanText: "txt-compact-small text-ui-fg-base",
  scanLocation: LOOK.subtle,
  empty: LOOK.subtle,
}

/** The status badge's colours: delivered green, trouble orange, on its way blue. */
const TONE: Record<string, string> = {
  Delivered:
    "bg-ui-tag-green-bg text-ui-tag-green-text border-ui-tag-green-border",
  Exception:
    "bg-ui-tag-orange-bg text-ui-tag-orange-text border-ui-tag-orange-border",
  ReturnToSender:
    "bg-ui-tag-orange-bg text-ui-tag-orange-text border-ui-tag-orange-border",
  PickupMissed:
    "bg-ui-tag-orange-bg text-ui-tag-orange-text border-ui-tag-orange-border",
  DeliveryAttempt:
    "bg-ui-tag-orange-bg text-ui-tag-orange-text border-ui-tag-orange-border",
}
const NEUTRAL =
  "bg-ui-tag-neutral-bg text-ui-tag-neutral-text border-ui-tag-neutral-border"
const MOVING =
  "bg-ui-tag-blue-bg text-ui-tag-blue-text border-ui-tag-blue-border"

export function defaultParcelTitle(parcel: Parcel): string {
  const which =
    parcel.parcel_count > 1
      ? `Parcel ${parcel.parcel_number} of ${parcel.parcel_count}`
      : "Parcel"
  return parcel.direction === "return"
    ? `Return · ${parcel.service}`
    : `${which} · ${parcel.service}`
}

/** The local day the parcel was delivered: the Delivered scan's, else the fulfillment's (UTC). */
function deliveredDay(parcel: Parcel, locale: string): string | null {
  const scan = [...parcel.timeline]
    .reverse()
    .find((e) => e.status === "Delivered" && e.date)
  return formatDay(
    scan?.date ?? parcel.delivered_at?.slice(0, 10) ?? null,
    locale
  )
}

function scanText(entry: TimelineEntry): string {
  return entry.description ?? statusText(entry.status)
}

/**
 * Each parcel of an order as its shopper follows it: status, expected (or actual) delivery day,
 * the tracking number linked to the carrier's page, and every scan, newest first. Renders on the
 * server (no state), so it can sit in the starter's order page as it is.
 */
export function ParcelTimeline(props: ParcelTimelineProps) {
  const { parcels, locale = "en-US", emptyText = null } = props
  const title = props.title ?? defaultParcelTitle
  const cls = slots(DEFAULTS, props)
  if (!parcels) return null
  if (!parcels.length)
    return emptyText ? (
      <p className={cls("empty")} data-testid="parcel-timeline-empty">
        {emptyText}
      </p>
    ) : null
  return (
    <div className={cls("root")} data-testid="parcel-timeline">
      {parcels.map((parcel) => {
        const delivered = parcel.delivered_at || parcel.status === "Delivered"
        const estimate = delivered
          ? deliveredDay(parcel, locale)
          : formatDay(parcel.estimated_delivery?.date, locale)
        return (
          <section
            key={parcel.tracking_number}
            className={cls("parcel")}
            data-testid="parcel"
            data-direction={parcel.direction}
            data-tracking-number={parcel.tracking_number}
          >
            <div className={cls("header")}>
              <h3 className={cls("title")}>{title(parcel)}</h3>
              <span
                className={cls(
                  "status",
                  TONE[parcel.status ?? ""] ??
                    (parcel.status && parcel.status !== "Manifest"
                      ? MOVING
                      : NEUTRAL)
                )}
                data-testid="parcel-status"
                data-status={parcel.status ?? ""}
              >
                {statusText(parcel.status)}
              </span>
            </div>
            {estimate && (
              <p className={cls("estimate")} data-testid="parcel-estimate">
                {delivered
                  ? `Delivered ${estimate}`
                  : `Estimated delivery ${estimate}`}
              </p>
            )}
            <TrackingNumber
              number={parcel.tracking_number}
              url={parcel.tracking_url}
              className={cls("tracking")}
              linkClassName={cls("trackingLink")}
              testId="parcel-tracking"
            />
            {parcel.timeline.length > 0 && (
              <ol className={cls("scans")} data-testid="parcel-scans">
                {/* Newest first. Entries carry no id; the list is rendered whole each time. */}
                {[...parcel.timeline].reverse().map((entry, i) => (
                  <li
                    key={i}
                    className={cls("scan")}
                    data-testid="parcel-scan"
                    data-status={entry.status ?? ""}
                  >
                    <span className={cls("scanTime")}>
                      {scanTimeText(entry, locale)}
                    </span>
                    <span className={cls("scanText")}>{scanText(entry)}</span>
                    {entry.location && (
                      <span className={cls("scanLocation")}>
                        {entry.location}
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </section>
        )
      })}
    </div>
  )
}
