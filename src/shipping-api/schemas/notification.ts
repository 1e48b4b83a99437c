import { APPLICABLE_ONLY_EVENTS, WEBHOOK_EVENTS } from "../constants"
import { z } from "../zod"
import type { Violation } from "../violation"
import { respString } from "./common"
import { trackingEventShape } from "./tracking"

/**
 * Doc 4 "Webhook notifications": what the service POSTs to a configuration's url. The body is an
 * array of notifications; a receiver also accepts a single object. Tolerant like every answer
 * (unknown fields kept, nulls read as absent), but a notification must say which package it is
 * about and what happened, or it cannot be stored.
 */

export const NOTIFICATION_SOURCE = "doc 4, Webhook notifications"

/** The applicable-events answer lists `updatereservation` too (doc 1), so a receiver takes it. */
export const LOCKER_NOTIFICATION_EVENTS: readonly string[] = [...WEBHOOK_EVENTS.locker, ...APPLICABLE_ONLY_EVENTS]

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

export type Notification =
  | ({ kind: "tracking" } & TrackingNotification)
  | ({ kind: "locker" } & LockerNotification)

/** On failure the readable notifications are still given, so a receiver may keep them. */
export type ParsedNotifications =
  | { ok: true; notifications: Notification[] }
  | { ok: false; violations: Violation[]; notifications: Notification[] }

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v)
}

function issuePath(prefix: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === "number" ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)),
    prefix
  )
}

/** Rule ids from the notification kind and the field, e.g. `notification.tracking.trackingNumber`. */
function violationsOf(kind: string, prefix: string, error: z.ZodError): Violation[] {
  return error.issues.map((issue) => {
    const field = issue.path.filter((k) => typeof k === "string").join(".") || "body"
    return {
      path: issuePath(prefix, issue.path),
      rule: `notification.${kind}.${field}`,
      // zod 4 leaves the input out of issues; its message still says what was received.
      message: issue.code === "invalid_type" && /received undefined$/.test(issue.message) ? "is required" : issue.message,
      source: NOTIFICATION_SOURCE,
    }
  })
}

/**
 * The notifications of one delivery, or why it cannot be read. A locker notification is told
 * apart by its `event` field; anything else must be a tracking notification.
 */
export function parseNotificationBody(json: unknown): ParsedNotifications {
  const items = Array.isArray(json) ? json : [json]
  const notifications: Notification[] = []
  const violations: Violation[] = []
  items.forEach((item, i) => {
    const prefix = Array.isArray(json) ? `[${i}]` : ""
    if (!isObject(item)) {
      violations.push({ path: prefix, rule: "notification.body.object", message: "must be a JSON object", source: NOTIFICATION_SOURCE })
      return
    }
    const kind = "event" in item ? "locker" : "tracking"
    const parsed = kind === "locker" ? lockerNotificationSchema.safeParse(item) : trackingNotificationSchema.safeParse(item)
    if (parsed.success) {
      notifications.push({ kind, ...parsed.data } as Notification)
    } else {
      violations.push(...violationsOf(kind, prefix, parsed.error))
    }
  })
  if (Array.isArray(json) && json.length === 0) {
    violations.push({ path: "", rule: "notification.body.not-empty", message: "holds no notification", source: NOTIFICATION_SOURCE })
  }
  return violations.length ? { ok: false, violations, notifications } : { ok: true, notifications }
}
