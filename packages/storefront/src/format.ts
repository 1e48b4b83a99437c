import type {
  CheckoutProblem,
  DeliveryEstimate,
  PackageStatus,
  TimelineEntry,
} from "./types.js"

/**
 * Pure words and dates for the shopper. Dates of the routes are calendar dates (YYYY-MM-DD) where
 * the parcel is, not instants: they are formatted as written, never moved into the reader's or
 * the server's time zone (a server in UTC would otherwise show a New York evening as the next day).
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/

/** A YYYY-MM-DD date as a UTC midnight, or null when it is not a real calendar date. */
export function calendarDate(value: string | null | undefined): Date | null {
  const m = typeof value === "string" ? DAY.exec(value) : null
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  // 2031-02-30 rolls over to March: not a date the service meant.
  return date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d
    ? date
    : null
}

/** "Tue, Dec 1" (en-US) for 2026-12-01, or null for anything but a calendar date. */
export function formatDay(
  value: string | null | undefined,
  locale = "en-US"
): string | null {
  const date = calendarDate(value)
  return date
    ? new Intl.DateTimeFormat(locale, {
        weekday: "short",
        month: "short",
        day: "numeric",
        timeZone: "UTC",
      }).format(date)
    : null
}

/**
 * The delivery promise of a shipping option: "Arrives Tue, Dec 1" for one day, "Arrives Tue, Dec 1
 * – Thu, Dec 3" for a range, null where the service gave no commitment (or one that is not a
 * date range: nothing is promised rather than a wrong day).
 */
export function deliveryPromiseText(
  estimate: DeliveryEstimate | null | undefined,
  opts: { locale?: string; prefix?: string } = {}
): string | null {
  if (!estimate) return null
  const { locale = "en-US", prefix = "Arrives" } = opts
  const earliest = calendarDate(estimate.earliest)
  const latest = calendarDate(estimate.latest)
  if (!earliest || !latest || earliest > latest) return null
  const first = formatDay(estimate.earliest, locale)
  const when =
    earliest.getTime() === latest.getTime()
      ? first
      : `${first} – ${formatDay(estimate.latest, locale)}`
  return prefix ? `${prefix} ${when}` : (when as string)
}

const STATUS_WORDS: Record<PackageStatus, string> = {
  Manifest: "Label created",
  Acceptance: "Accepted by the carrier",
  PickedUp: "Picked up by the carrier",
  InTransit: "In transit",
  OutForDelivery: "Out for delivery",
  Delivered: "Delivered",
  DeliveryAttempt: "Delivery attempted",
  ReadyForPickup: "Ready for pickup",
  PickupMissed: "Not picked up",
  Exception: "Delayed",
  ReturnToSender: "Returning to the sender",
}

/** The parcel's status in a shopper's words; null (no scan yet) is a label waiting for the carrier. */
export function statusText(status: string | null | undefined): string {
  if (!status) return "Waiting for the carrier's first scan"
  return (
    STATUS_WORDS[status as PackageStatus] ??
    // A status this version does not know yet: "SomeNewStatus" → "Some new status".
    status
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .toLowerCase()
      .replace(/^./, (c) => c.toUpperCase())
  )
}

/**
 * When a scan happened, as the carrier scanned it (the local date and time where the parcel was):
 * "Tue, Dec 1, 8:10 AM". Without a local date, the instant in UTC, said so.
 */
export function scanTimeText(
  entry: Pick<TimelineEntry, "date" | "time" | "occurred_at">,
  locale = "en-US"
): string | null {
  const day = calendarDate(entry.date)
  if (day) {
    const t = entry.time ? TIME.exec(entry.time) : null
    if (!t) return formatDay(entry.date, locale)
    const at = new Date(day.getTime() + (+t[1] * 60 + +t[2]) * 60_000)
    return dayAndTime(at, locale)
  }
  const instant = entry.occurred_at ? new Date(entry.occurred_at) : null
  if (!instant || Number.isNaN(instant.getTime())) return null
  return `${dayAndTime(instant, locale)} UTC`
}

/** "Tue, Dec 1, 8:10 AM" of a date whose UTC fields are the time to show. */
function dayAndTime(at: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(at)
}

const FIELD_LABELS: Record<string, string> = {
  "shipping_address.first_name": "First name",
  "shipping_address.last_name": "Last name",
  "shipping_address.company": "Company",
  "shipping_address.address_1": "Address",
  "shipping_address.address_2": "Address (line 2)",
  "shipping_address.city": "City",
  "shipping_address.province": "State / Province",
  "shipping_address.postal_code": "Postal code",
  "shipping_address.country_code": "Country",
  "shipping_address.phone": "Phone",
  email: "Email",
  "metadata.importer_customs_reference": "Customs reference",
  "metadata.importer_customs_reference_type": "Customs reference type",
  items: "Items",
  shipping_method: "Shipping method",
}

/** The form field's label a shopper sees for a problem's `field` ("shipping_address.phone" → "Phone"). */
export function fieldLabel(field: string): string {
  return (
    FIELD_LABELS[field] ??
    (field.split(".").pop() ?? field)
      .replace(/_/g, " ")
      .replace(/^./, (c) => c.toUpperCase())
  )
}

/** The problems of each field, in the order the service listed them. */
export function problemsByField(
  problems: readonly CheckoutProblem[]
): Map<string, CheckoutProblem[]> {
  const out = new Map<string, CheckoutProblem[]>()
  for (const p of problems) out.set(p.field, [...(out.get(p.field) ?? []), p])
  return out
}

/** The element id of a field's own problem message (FieldProblem), which the marked field is described by. */
export function fieldProblemId(field: string): string {
  return `shipping-problem-${field.replace(/[^a-zA-Z0-9_-]/g, "-")}`
}

/**
 * The page of the storefront that passes a return label on with the customer's session (the
 * route handler of docs/storefront.md, `returnLabelRoute`): `${base}/<order>/<return>/label?parcel=N`.
 */
export function returnLabelHref(
  input: {
    orderId: string
    returnId: string
    parcel: number
    page?: number
    download?: boolean
  },
  base = "/api/returns"
): string {
  const query = new URLSearchParams({ parcel: String(input.parcel) })
  if (input.page) query.set("page", String(input.page))
  if (input.download) query.set("download", "1")
  return `${base.replace(/\/$/, "")}/${encodeURIComponent(input.orderId)}/${encodeURIComponent(input.returnId)}/label?${query}`
}
