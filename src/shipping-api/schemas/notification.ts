import { z } from "../zod"
import type { Violation } from "../violation"
import { respString, type FieldRule } from "./common"
import { trackingEventShape } from "./tracking"
import {
  NOTIFICATION_SOURCE,
  LOCKER_NOTIFICATION_EVENTS,
  NOTIFICATION_LIMITS,
  storableString,
  extraDepth,
  extraSize,
  maxLength,
  knownStatus,
  eventDateFormat,
  eventTimeFormat,
  eventTimeOffsetFormat,
  referenceIdFormat,
} from "./notification-rules"

/**
 * A delivery is stored whole or refused whole, so everything that could make storing fail is refused
 * here. The bounds are ours, well above what the service sends (tracking numbers up to 34 characters).
 */

export {
  NOTIFICATION_SOURCE,
  LOCKER_NOTIFICATION_EVENTS,
  NOTIFICATION_LIMITS,
  NOTIFICATION_RULES,
  storableString,
  nestingDepth,
  extraDepth,
  extraSize,
  knownStatus,
  eventDateFormat,
  eventTimeFormat,
  eventTimeOffsetFormat,
  referenceIdFormat,
} from "./notification-rules"

const nullAsAbsent = (v: unknown) => (v === null ? undefined : v)
/** Doc 3 says all strings. */
const carrierData = (v: unknown) =>
  typeof v === "number" || typeof v === "boolean" ? String(v) : nullAsAbsent(v)

const required = z.string().trim().min(1)

/** Ours, modelled on doc 3. */
export const trackingNotificationSchema = z.looseObject({
  ...trackingEventShape,
  trackingNumber: required,
  carrier: respString,
  status: required,
  eventId: respString,
})
export type TrackingNotification = z.output<typeof trackingNotificationSchema>

/** Ours: one of the locker events of doc 1. */
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

/** One loop over a table instead of a check per field: the route's latency budget is tight. */
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

/** The readable notifications are still given, so a caller may report on them. */
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

/** The rule's own id, else from the kind and the field. */
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

/** No recursion and never past the depth bound: 100,000 nested levels cost no more than 5. */
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
    // Unknown fields are bounded by now, so this walk is short.
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

/** The schema has checked types; a wrong type is skipped here. */
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

/** A locker notification is told apart by its `event` field. */
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

/** It is kept on every stored row and echoed in the answer's header, so it must be storable. */
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
