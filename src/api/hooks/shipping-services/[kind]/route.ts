import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { keyMatches } from "../../../../lib/webhooks/auth"
import { rowOfNotification } from "../../../../lib/tracking/rows"
import {
  parseJsonBytes,
  refuseContentType,
  type BodyRefusal,
} from "../../../../lib/ingest/json-body"
import {
  parseNotificationBody,
  parseReferenceId,
} from "../../../../shipping-api/schemas/notification"
import type { Violation } from "../../../../shipping-api/violation"
import { EventsRefusedError } from "../../../../modules/shipping-services/event-writer"
import { announceStoredTracking } from "../../../../orchestration/tracking/tracking-announcer"
import { readBody } from "../read-body"
import {
  recordWebhookDelivery,
  SPANS,
  withSpan,
} from "../../../../lib/telemetry"
import { shippingOf } from "../../../../modules/shipping-services"

export const AUTHENTICATE = false

const KINDS = ["tracking", "locker"] as const

/** Seconds the service is asked to wait before retrying a delivery we could not store. */
export const RETRY_AFTER_SECONDS = 30
/**
 * How long the key lookup may take (cached for 5 s; a read of one row). Medusa's pool keeps a
 * query waiting up to 60 s while the database refuses connections: answer 503 well within the
 * service's timeOut instead.
 */
const KEYS_TIMEOUT_MS = 5_000
/** Violations listed in a 400 answer (the count says how many there were). */
const MAX_VIOLATIONS_SHOWN = 100

/**
 * POST /hooks/shipping-services/tracking (and /locker): webhook deliveries from the service
 * (shared/spec/4). Every delivery gets one of:
 * - 200 `{ received, stored }`, echoing X-Vendor-ReferenceId: stored whole (repeats stored once);
 * - 400 with the reason, nothing stored: not UTF-8 JSON, or a notification breaks a rule of
 *   the notification schema of the service library, or the database refused its values;
 * - 401 wrong or missing key (before the body is read); 413 over 1 MB; 415 not application/json;
 * - 503 with Retry-After, nothing stored: a fault of ours (database unreachable), worth a retry.
 * Never a 500: Medusa's body parsers are off for this path (the plugin's middlewares) and the body
 * is read here, bounded. Applying events to orders happens after the answer, through the event
 * bus. The path is kept lean: no ORM, batched inserts, cached keys.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const kind = req.params.kind as (typeof KINDS)[number]
  if (!KINDS.includes(kind)) {
    res.status(404).json({ message: "Unknown webhook" })
    return
  }
  // A span per delivery; its answer, notifications and lag counted (the plugin's telemetry).
  await withSpan(SPANS.webhookDelivery, {}, async (span) => {
    const stored: Stored = {}
    try {
      await receive(req, res, kind, stored)
    } catch (error) {
      if (res.headersSent) return
      if (error instanceof EventsRefusedError) {
        res.status(400).json({ message: error.message })
        return
      }
      req.scope
        .resolve(ContainerRegistrationKeys.LOGGER)
        .error(
          `shipping-services: a ${kind} webhook delivery could not be stored (answered 503): ${error instanceof Error ? error.message : String(error)}`
        )
      res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS))
      res.status(503).json({
        message:
          "The notifications could not be stored now; nothing was stored. Retry later.",
      })
    } finally {
      recordWebhookDelivery(span, {
        kind,
        status: res.statusCode,
        ...stored,
      })
    }
  })
}

/** What a stored delivery held, for the telemetry. */
type Stored = {
  received?: number
  stored?: number
  occurredAt?: (Date | null)[]
}

async function receive(
  req: MedusaRequest,
  res: MedusaResponse,
  kind: (typeof KINDS)[number],
  stored: Stored
) {
  const shipping = shippingOf(req.scope)
  const { headerName, keys } =
    shipping.keys().cached(kind) ??
    (await withDeadline(
      shipping.keys().accepted(kind),
      KEYS_TIMEOUT_MS,
      "reading the webhook keys"
    ))
  if (!keyMatches(req.headers[headerName.toLowerCase()], keys)) {
    res.status(401).json({ message: "Unauthorized" })
    return
  }
  const refusal = refuseContentType(
    req.headers["content-type"],
    req.headers["content-encoding"]
  )
  if (refusal) return refuse(res, refusal)
  const body = await readBody(req)
  if (!body.ok) return refuse(res, body)
  const json = parseJsonBytes(body.bytes)
  if (!json.ok) return refuse(res, json)

  const reference = parseReferenceId(req.headers["x-vendor-referenceid"])
  const parsed = parseNotificationBody(json.value)
  const violations = [
    ...(reference.ok ? [] : [reference.violation]),
    ...(parsed.ok ? [] : parsed.violations),
  ]
  if (!reference.ok || !parsed.ok) return malformed(res, violations)

  const rows = parsed.notifications.map((n) =>
    rowOfNotification(n, reference.referenceId)
  )
  const ids = await shipping.trackingEvents().write(rows)
  if (reference.referenceId)
    res.setHeader("X-Vendor-ReferenceId", reference.referenceId)
  const fresh = rows.filter((_, i) => ids[i])
  stored.received = rows.length
  stored.stored = fresh.length
  stored.occurredAt = fresh.map((r) => r.occurred_at)
  res.status(200).json({ received: rows.length, stored: fresh.length })

  announceStoredTracking(
    req.scope,
    fresh.map((r) => r.tracking_number),
    kind
  )
}

function refuse(res: MedusaResponse, refusal: BodyRefusal) {
  if (refusal.status === 413) res.setHeader("Connection", "close")
  res.status(refusal.status).json({ message: refusal.message })
}

function malformed(res: MedusaResponse, violations: Violation[]) {
  res.status(400).json({
    message: "Malformed notification",
    violation_count: violations.length,
    violations: violations.slice(0, MAX_VIOLATIONS_SHOWN),
  })
}

/** `promise`, or a rejection once `ms` have passed (the late result is dropped: reads only). */
function withDeadline<T>(
  promise: Promise<T>,
  ms: number,
  what: string
): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} took more than ${ms} ms`)),
      ms
    )
  })
  promise.catch(() => undefined)
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}
