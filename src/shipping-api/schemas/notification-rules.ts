import {
  APPLICABLE_ONLY_EVENTS,
  PACKAGE_STATUSES,
  WEBHOOK_EVENTS,
} from "../constants"
import type { FieldRule } from "./common"

// Their examples are test fixtures.

export const NOTIFICATION_SOURCE = "doc 4, Webhook notifications"
export const STATUS_SOURCE = "doc 1, Events rule 1; doc 3, States"
export const HEADER_SOURCE =
  "doc 4, Webhook notifications (X-Vendor-ReferenceId)"

/** The applicable-events answer lists `updatereservation` too (doc 1). */
export const LOCKER_NOTIFICATION_EVENTS: readonly string[] = [
  ...WEBHOOK_EVENTS.locker,
  ...APPLICABLE_ONLY_EVENTS,
]

/** Ours. */
export const NOTIFICATION_LIMITS = {
  trackingNumber: 64,
  eventId: 100,
  code: 50,
  text: 500,
  place: 100,
  coordinate: 32,
  url: 2048,
  referenceId: 200,
  /** `{"a":{"b":1}}` is 2. */
  extraDepth: 4,
  /** As JSON. */
  extraChars: 4096,
} as const

export const registry: FieldRule<never>[] = []

/** Field bounds are listed once per field. */
export const NOTIFICATION_RULES: readonly FieldRule<never>[] = registry

export function rule<T>(r: FieldRule<T>): FieldRule<T> {
  registry.push(r as unknown as FieldRule<never>)
  return r
}

export const LONE_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const storableString = rule<string>({
  id: "notification.string.storable",
  source: NOTIFICATION_SOURCE,
  description:
    "must not contain U+0000 or a lone surrogate (\\ud800–\\udfff without its pair): PostgreSQL cannot store them",
  test: (v) => !v.includes("\u0000") && !LONE_SURROGATE.test(v),
})

/** Without recursion; stops counting past `limit`. */
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

export const extraDepth = rule<unknown>({
  id: "notification.extra.depth",
  source: NOTIFICATION_SOURCE,
  description: `a field the documents do not name nests at most ${NOTIFICATION_LIMITS.extraDepth} levels deep`,
  test: (v) =>
    nestingDepth(v, NOTIFICATION_LIMITS.extraDepth) <=
    NOTIFICATION_LIMITS.extraDepth,
})

export const extraSize = rule<Record<string, unknown>>({
  id: "notification.extra.size",
  source: NOTIFICATION_SOURCE,
  description: `the fields the documents do not name take at most ${NOTIFICATION_LIMITS.extraChars} characters as JSON`,
  test: (v) => JSON.stringify(v).length <= NOTIFICATION_LIMITS.extraChars,
})

export function maxLength(field: string, max: number): FieldRule<string> {
  return rule<string>({
    id: `notification.${field}.max-length`,
    source: NOTIFICATION_SOURCE,
    description: `has at most ${max} characters`,
    test: (v) => v.length <= max,
  })
}

export const knownStatus = rule<string>({
  id: "notification.status.known",
  source: STATUS_SOURCE,
  description: `must be one of the package statuses a tracking configuration subscribes to: ${PACKAGE_STATUSES.join(", ")}`,
  test: (v) => (PACKAGE_STATUSES as readonly string[]).includes(v),
})

export const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** From 1900 on: PostgreSQL and JavaScript agree on every such day. */
export function isCalendarDate(v: string): boolean {
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
})

export const eventTimeFormat = rule<string>({
  id: "notification.eventTime.format",
  source: NOTIFICATION_SOURCE,
  description: "must be a time HH:MM:SS (doc 3 Event)",
  test: (v) => /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v.trim()),
})

export const eventTimeOffsetFormat = rule<string>({
  id: "notification.eventTimeOffset.format",
  source: NOTIFICATION_SOURCE,
  description: "must be a UTC offset ±hh:mm, at most 14 hours (doc 3 Event)",
  test: (v) => /^[+-](0\d|1[0-4]):?[0-5]\d$/.test(v.trim()),
})

export const referenceIdFormat = rule<string>({
  id: "notification.header.X-Vendor-ReferenceId",
  source: HEADER_SOURCE,
  description: `must be 1 to ${NOTIFICATION_LIMITS.referenceId} visible ASCII characters`,
  test: (v) =>
    v.length >= 1 &&
    v.length <= NOTIFICATION_LIMITS.referenceId &&
    /^[\x21-\x7e]+$/.test(v),
})
