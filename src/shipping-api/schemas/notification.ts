import {
  APPLICABLE_ONLY_EVENTS,
  PACKAGE_STATUSES,
  WEBHOOK_EVENTS,
} from "../constants"
import { z } from "../zod"
import type { Violation } from "../violation"
import { respString, type FieldRule } from "./common"
import { trackingEventShape } from "./tracking"

/**
 * Doc 4 "Webhook notifications": what the service POSTs to a configuration's url. The body is an
 * array of notifications; a receiver also accepts a single object.
 *
 * These are the receiver's rules. A delivery is either stored whole or refused whole (400, with
 * every broken rule), so everything that could make storing fail is refused here, before
 * anything is written: strings PostgreSQL cannot hold, values without a bound, unknown fields
 * nested deeper or larger than any real notification, statuses the configuration never
 * subscribed to, dates that are no dates. Known fields are read as the service sends carrier
 * data (nulls as absent, numbers as strings); unknown fields are kept, within bounds.
 *
 * Each rule is data with passing and failing examples (NOTIFICATION_RULES; a unit test walks
 * them; docs/tracking.md lists them). The documents give no lengths for these fields: the
 * bounds are ours, well above what the service sends (its longest tracking numbers are 34
 * characters, its descriptions a line of text).
 */

export const NOTIFICATION_SOURCE = "doc 4, Webhook notifications"
const STATUS_SOURCE = "doc 1, Events rule 1; doc 3, States"
const HEADER_SOURCE = "doc 4, Webhook notifications (X-Vendor-ReferenceId)"

/** The applicable-events answer lists `updatereservation` too (doc 1), so a receiver takes it. */
export const LOCKER_NOTIFICATION_EVENTS: readonly string[] = [
  ...WEBHOOK_EVENTS.locker,
  ...APPLICABLE_ONLY_EVENTS,
]

/** Bounds of the receiver (ours). */
export const NOTIFICATION_LIMITS = {
  trackingNumber: 64,
  eventId: 100,
  code: 50,
  text: 500,
  place: 100,
  coordinate: 32,
  url: 2048,
  referenceId: 200,
  /** Levels a value of an unknown field may nest (`{"a":{"b":1}}` is 2). */
  extraDepth: 4,
  /** Characters of all unknown fields of one notification, as JSON. */
  extraChars: 4096,
} as const

// ---------------------------------------------------------------------------------------------
// Rules as data

const registry: FieldRule<never>[] = []

/** Every rule of the receiver (field bounds are listed once per field). */
export const NOTIFICATION_RULES: readonly FieldRule<never>[] = registry

function rule<T>(r: FieldRule<T>): FieldRule<T> {
  registry.push(r as unknown as FieldRule<never>)
  return r
}

const LONE_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const storableString = rule<string>({
  id: "notification.string.storable",
  source: NOTIFICATION_SOURCE,
  description:
    "must not contain U+0000 or a lone surrogate (\\ud800–\\udfff without its pair): PostgreSQL cannot store them",
  test: (v) => !v.includes("\u0000") && !LONE_SURROGATE.test(v),
  examples: {
    pass: ["", "Newark, NJ", "Zürich 😀"],
    fail: ["a\u0000b", "\ud800", "x\udc00y", "\ude00\ud83d"],
  },
})

/** Levels of nesting of a JSON value, counted without recursion; stops counting past `limit`. */
export function nestingDepth(
  value: unknown,
  limit = Number.POSITIVE_INFINITY
): number {
  let max = 0
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length) {
    const [v, depth] = stack.pop()!
    if (!v || typeof v !== "object") continue
    const level = depth + 1
    if (level > max) max = level
    if (max > limit) return max
    for (const child of Array.isArray(v) ? v : Object.values(v))
      stack.push([child, level])
  }
  return max
}

const nest = (levels: number): unknown => {
  let v: unknown = 1
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v }
  return v
}

export const extraDepth = rule<unknown>({
  id: "notification.extra.depth",
  source: NOTIFICATION_SOURCE,
  description: `a field the documents do not name nests at most ${NOTIFICATION_LIMITS.extraDepth} levels deep`,
  test: (v) =>
    nestingDepth(v, NOTIFICATION_LIMITS.extraDepth) <=
    NOTIFICATION_LIMITS.extraDepth,
  examples: {
    pass: [
      "text",
      1,
      null,
      { a: { b: [1, 2] } },
      nest(NOTIFICATION_LIMITS.extraDepth),
    ],
    fail: [nest(NOTIFICATION_LIMITS.extraDepth + 1), nest(3000)],
  },
})

export const extraSize = rule<Record<string, unknown>>({
  id: "notification.extra.size",
  source: NOTIFICATION_SOURCE,
  description: `the fields the documents do not name take at most ${NOTIFICATION_LIMITS.extraChars} characters as JSON`,
  test: (v) => JSON.stringify(v).length <= NOTIFICATION_LIMITS.extraChars,
  examples: {
    pass: [{}, { note: "x".repeat(100) }],
    fail: [{ note: "x".repeat(NOTIFICATION_LIMITS.extraChars) }],
  },
})

function maxLength(field: string, max: number): FieldRule<string> {
  return rule<string>({
    id: `notification.${field}.max-length`,
    source: NOTIFICATION_SOURCE,
    description: `has at most ${max} characters`,
    test: (v) => v.length <= max,
    examples: { pass: ["", "x".repeat(max)], fail: ["x".repeat(max + 1)] },
  })
}

export const knownStatus = rule<string>({
  id: "notification.status.known",
  source: STATUS_SOURCE,
  description: `must be one of the package statuses a tracking configuration subscribes to: ${PACKAGE_STATUSES.join(", ")}`,
  test: (v) => (PACKAGE_STATUSES as readonly string[]).includes(v),
  examples: {
    pass: ["Delivered", "InTransit", "PickupMissed"],
    fail: ["", "delivered", "false", "💥💥💥", "Delivered "],
  },
})

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar day from 1900 on: PostgreSQL and JavaScript agree on every one of them. */
function isCalendarDate(v: string): boolean {
  const m = DATE.exec(v)
  if (!m) return false
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (year < 1900) return false
  const d = new Date(Date.UTC(year, month - 1, day))
  return (
    d.getUTCFullYear() === year &&
    d.getUTCMonth() === month - 1 &&
    d.getUTCDate() === day
  )
}

export const eventDateFormat = rule<string>({
  id: "notification.eventDate.format",
  source: NOTIFICATION_SOURCE,
  description: "must be a calendar date YYYY-MM-DD from 1900 on (doc 3 Event)",
  test: (v) => isCalendarDate(v.trim()),
  examples: {
    pass: ["2026-01-15", "1970-01-01", "2024-02-29", "9999-12-31"],
    fail: [
      "",
      "2026-02-30",
      "2025-02-29",
      "0000-01-01",
      "1899-12-31",
      "2026-1-5",
      "20260115",
      "2026-13-01",
    ],
  },
})

export const eventTimeFormat = rule<string>({
  id: "notification.eventTime.format",
  source: NOTIFICATION_SOURCE,
  description: "must be a time HH:MM:SS (doc 3 Event)",
  test: (v) => /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v.trim()),
  examples: {
    pass: ["14:03:00", "00:00:00", "23:59:59", "08:15"],
    fail: ["", "24:00:00", "12:60:00", "1:02:03", "noon"],
  },
})

export const eventTimeOffsetFormat = rule<string>({
  id: "notification.eventTimeOffset.format",
  source: NOTIFICATION_SOURCE,
  description: "must be a UTC offset ±hh:mm, at most 14 hours (doc 3 Event)",
  test: (v) => /^[+-](0\d|1[0-4]):?[0-5]\d$/.test(v.trim()),
  examples: {
    pass: ["-05:00", "+14:00", "+0530", "+00:00"],
    fail: ["", "Z", "-15:00", "+05:60", "05:00"],
  },
})

export const referenceIdFormat = rule<string>({
  id: "notification.header.X-Vendor-ReferenceId",
  source: HEADER_SOURCE,
  description: `must be 1 to ${NOTIFICATION_LIMITS.referenceId} visible ASCII characters`,
  test: (v) =>
    v.length >= 1 &&
    v.length <= NOTIFICATION_LIMITS.referenceId &&
    /^[\x21-\x7e]+$/.test(v),
  examples: {
    pass: ["ref-42", "0c7e6a1e-5a8b-4f4e-9a7f-2f1d1c3b9e10"],
    fail: [
      "",
      "x".repeat(NOTIFICATION_LIMITS.referenceId + 1),
      "has space",
      "ümlaut",
    ],
  },
})

// ---------------------------------------------------------------------------------------------
// Fields

const nullAsAbsent = (v: unknown) => (v === null ? undefined : v)
/** Carrier data: numbers and booleans are read as strings (doc 3 says all strings). */
const carrierData = (v: unknown) =>
  typeof v === "number" || typeof v === "boolean" ? String(v) : nullAsAbsent(v)

const required = z.string().trim().min(1)

/** Tracking notification (ours, modelled on doc 3): the package, its status and the Event fields. */
export const trackingNotificationSchema = z.looseObject({
  ...trackingEventShape,
  trackingNumber: required,
  carrier: respString,
  status: required,
  eventId: respString,
})
export type TrackingNotification = z.output<typeof trackingNotificationSchema>

/** Locker notification (ours): one of the locker events of doc 1. */
export const lockerNotificationSchema = z.looseObject({
  event: z.string().refine((v) => LOCKER_NOTIFICATION_EVENTS.includes(v), {
    message: `must be one of ${LOCKER_NOTIFICATION_EVENTS.join(", ")}`,
  }),
  trackingNumber: required,
  lockerId: respString,
  eventDate: required,
  eventTime: required,
})
export type LockerNotification = z.output<typeof lockerNotificationSchema>

/**
 * The bound or format of each known field, checked on its value as read (trimmed where the
 * schema trims; numbers and booleans as strings). Empty values are the schema's business
 * (required fields) or read as absent (optional ones): an empty `packageStatus` means the row
 * takes `status`. One loop over a table instead of a check inside every field's schema: the
 * route's budget is a fraction of /health's latency.
 */
const BOUND = {
  code: (f: string) => maxLength(f, NOTIFICATION_LIMITS.code),
  text: (f: string) => maxLength(f, NOTIFICATION_LIMITS.text),
  place: (f: string) => maxLength(f, NOTIFICATION_LIMITS.place),
}
const trackingNumberLength = maxLength(
  "trackingNumber",
  NOTIFICATION_LIMITS.trackingNumber
)
const EVENT_FIELD_RULES: Record<
  keyof typeof trackingEventShape,
  FieldRule<string>
> = {
  standardizedEventCode: BOUND.code("standardizedEventCode"),
  standardizedEventDescription: BOUND.text("standardizedEventDescription"),
  l1Code: BOUND.code("l1Code"),
  l1Description: BOUND.text("l1Description"),
  eventDate: eventDateFormat,
  eventTime: eventTimeFormat,
  eventTimeOffset: eventTimeOffsetFormat,
  trackingUrl: maxLength("trackingUrl", NOTIFICATION_LIMITS.url),
  latitude: maxLength("latitude", NOTIFICATION_LIMITS.coordinate),
  longitude: maxLength("longitude", NOTIFICATION_LIMITS.coordinate),
  locationUnit: BOUND.code("locationUnit"),
  eventLeg: BOUND.code("eventLeg"),
  eventType: BOUND.code("eventType"),
  authorizedAgent: BOUND.place("authorizedAgent"),
  scanType: BOUND.code("scanType"),
  scanDescription: BOUND.text("scanDescription"),
  eventDescription: BOUND.text("eventDescription"),
  packageStatus: knownStatus,
  l2Description: BOUND.text("l2Description"),
  eventCity: BOUND.place("eventCity"),
  eventStateOrProvince: BOUND.place("eventStateOrProvince"),
  postalCode: BOUND.place("postalCode"),
  country: BOUND.place("country"),
}
const TRACKING_FIELD_RULES: Record<string, FieldRule<string>> = {
  ...EVENT_FIELD_RULES,
  trackingNumber: trackingNumberLength,
  carrier: BOUND.code("carrier"),
  status: knownStatus,
  eventId: maxLength("eventId", NOTIFICATION_LIMITS.eventId),
}
const LOCKER_FIELD_RULES: Record<string, FieldRule<string>> = {
  trackingNumber: trackingNumberLength,
  lockerId: BOUND.place("lockerId"),
  eventDate: eventDateFormat,
  eventTime: eventTimeFormat,
}
/** Read trimmed by the schema, so judged trimmed. */
const TRIMMED = new Set(["trackingNumber", "status", "eventDate", "eventTime"])

export type Notification =
  | ({ kind: "tracking" } & TrackingNotification)
  | ({ kind: "locker" } & LockerNotification)

/** On failure the readable notifications are still given, so a caller may report on them. */
export type ParsedNotifications =
  | { ok: true; notifications: Notification[] }
  | { ok: false; violations: Violation[]; notifications: Notification[] }

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v)
}

function issuePath(prefix: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, key) =>
      typeof key === "number"
        ? `${acc}[${key}]`
        : acc
          ? `${acc}.${String(key)}`
          : String(key),
    prefix
  )
}

/** Rule ids: the rule's own, else from the notification kind and the field (`notification.tracking.trackingNumber`). */
function violationsOf(
  kind: string,
  prefix: string,
  error: z.ZodError
): Violation[] {
  return error.issues.map((issue) => {
    const params = (issue as { params?: { rule?: string; source?: string } })
      .params
    const field =
      issue.path.filter((k) => typeof k === "string").join(".") || "body"
    return {
      path: issuePath(prefix, issue.path),
      rule: params?.rule ?? `notification.${kind}.${field}`,
      // zod 4 leaves the input out of issues; its message still says what was received.
      message:
        issue.code === "invalid_type" &&
        /received undefined$/.test(issue.message)
          ? "is required"
          : issue.message,
      source: params?.source ?? NOTIFICATION_SOURCE,
    }
  })
}

const violation = (
  path: string,
  r: Pick<FieldRule, "id" | "description" | "source">
): Violation => ({ path, rule: r.id, message: r.description, source: r.source })
const pathOf = (prefix: string, key: string) =>
  prefix ? `${prefix}.${key}` : key

/**
 * What no schema sees: every string and key anywhere in the notification (unknown fields
 * included) must be storable, and unknown fields are bounded in depth and size. Walked without
 * recursion and never deeper than the depth bound, so a notification nested 100,000 levels
 * costs no more than one nested 5 levels.
 */
function structuralViolations(
  item: Record<string, unknown>,
  known: ReadonlySet<string>,
  prefix: string
): Violation[] {
  const out: Violation[] = []
  const extra: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(item)) {
    const path = pathOf(prefix, key)
    if (!storableString.test(key)) out.push(violation(path, storableString))
    const isKnown = known.has(key)
    if (!isKnown) {
      extra[key] = value
      if (!extraDepth.test(value)) {
        out.push(violation(path, extraDepth))
        continue
      }
    }
    // Known fields are strings or scalars (the schema refuses anything else); unknown ones are
    // bounded by now, so this walk is short.
    const stack: [unknown, string][] = [[value, path]]
    while (stack.length) {
      const [v, p] = stack.pop()!
      if (typeof v === "string") {
        if (!storableString.test(v)) out.push(violation(p, storableString))
      } else if (v && typeof v === "object" && !isKnown) {
        if (Array.isArray(v)) v.forEach((c, i) => stack.push([c, `${p}[${i}]`]))
        else
          for (const [k, c] of Object.entries(v)) {
            if (!storableString.test(k))
              out.push(violation(pathOf(p, k), storableString))
            stack.push([c, pathOf(p, k)])
          }
      }
    }
  }
  if (!out.some((v) => v.rule === extraDepth.id) && !extraSize.test(extra)) {
    out.push(violation(prefix, extraSize))
  }
  return out
}

/** Each known field's bound or format (the schema has checked types; a wrong type is skipped here). */
function boundViolations(
  item: Record<string, unknown>,
  rules: Record<string, FieldRule<string>>,
  prefix: string
): Violation[] {
  const out: Violation[] = []
  for (const field in rules) {
    const raw = carrierData(item[field])
    if (typeof raw !== "string") continue
    const value = TRIMMED.has(field) ? raw.trim() : raw
    if (value !== "" && !rules[field].test(value))
      out.push(violation(pathOf(prefix, field), rules[field]))
  }
  return out
}

const TRACKING_FIELDS: ReadonlySet<string> = new Set(
  Object.keys(trackingNotificationSchema.shape)
)
const LOCKER_FIELDS: ReadonlySet<string> = new Set(
  Object.keys(lockerNotificationSchema.shape)
)

/**
 * The notifications of one delivery, or every reason it cannot be stored. A locker notification
 * is told apart by its `event` field; anything else must be a tracking notification.
 */
export function parseNotificationBody(json: unknown): ParsedNotifications {
  const items = Array.isArray(json) ? json : [json]
  const notifications: Notification[] = []
  const violations: Violation[] = []
  items.forEach((item, i) => {
    const prefix = Array.isArray(json) ? `[${i}]` : ""
    if (!isObject(item)) {
      violations.push({
        path: prefix,
        rule: "notification.body.object",
        message: "must be a JSON object",
        source: NOTIFICATION_SOURCE,
      })
      return
    }
    const kind = Object.prototype.hasOwnProperty.call(item, "event")
      ? "locker"
      : "tracking"
    const structural = [
      ...structuralViolations(
        item,
        kind === "locker" ? LOCKER_FIELDS : TRACKING_FIELDS,
        prefix
      ),
      ...boundViolations(
        item,
        kind === "locker" ? LOCKER_FIELD_RULES : TRACKING_FIELD_RULES,
        prefix
      ),
    ]
    const parsed =
      kind === "locker"
        ? lockerNotificationSchema.safeParse(item)
        : trackingNotificationSchema.safeParse(item)
    violations.push(...structural)
    if (!parsed.success) {
      violations.push(...violationsOf(kind, prefix, parsed.error))
    } else if (!structural.length) {
      notifications.push({ kind, ...parsed.data } as Notification)
    }
  })
  if (Array.isArray(json) && json.length === 0) {
    violations.push({
      path: "",
      rule: "notification.body.not-empty",
      message: "holds no notification",
      source: NOTIFICATION_SOURCE,
    })
  }
  return violations.length
    ? { ok: false, violations, notifications }
    : { ok: true, notifications }
}

/**
 * X-Vendor-ReferenceId of a delivery: absent, or its value, or why it cannot be stored and
 * echoed (it is kept on every stored row and sent back in the answer's header).
 */
export function parseReferenceId(
  header: string | string[] | undefined
):
  | { ok: true; referenceId: string | null }
  | { ok: false; violation: Violation } {
  const value = Array.isArray(header) ? header[0] : header
  if (value === undefined) return { ok: true, referenceId: null }
  return referenceIdFormat.test(value)
    ? { ok: true, referenceId: value }
    : {
        ok: false,
        violation: violation("header X-Vendor-ReferenceId", referenceIdFormat),
      }
}
