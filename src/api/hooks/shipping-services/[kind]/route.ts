import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { BodyRefusal } from "../../../../lib/ingest/json-body"
import type { Violation } from "../../../../shipping-api/violation"
import { EventsRefusedError } from "../../../../modules/shipping-services/event-writer"
import { announceStoredTracking } from "../../../../orchestration/tracking/tracking-announcer"
import { judgeDelivery } from "../judge-delivery"
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
/** Medusa's pool waits up to 60 s for a connection; answer 503 well within the service's timeOut instead. */
const KEYS_TIMEOUT_MS = 5_000
/** The count says how many there were. */
const MAX_VIOLATIONS_SHOWN = 100

/**
 * Webhook deliveries: 200 stored whole (repeats once), 400 nothing stored, 401 bad key (body unread), 413, 415,
 * 503 + Retry-After on our faults. Never a 500: Medusa's body parsers are off here and the body is read bounded.
 * Applying events happens after the answer, through the event bus.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const kind = req.params.kind as (typeof KINDS)[number]
  if (!KINDS.includes(kind)) {
    res.status(404).json({ message: "Unknown webhook" })
    return
  }
  // A span per delivery; its answer, notifications and lag counted.
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
  const verdict = await judgeDelivery(req, { headerName, keys })
  if (!verdict.ok) {
    if (verdict.status === 401) {
      res.status(401).json({ message: "Unauthorized" })
      return
    }
    if ("violations" in verdict) return malformed(res, verdict.violations)
    return refuse(res, verdict)
  }
  const { rows, referenceId } = verdict
  const ids = await shipping.trackingEvents().write(rows)
  if (referenceId) res.setHeader("X-Vendor-ReferenceId", referenceId)
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

/** The late result is dropped: reads only. */
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
