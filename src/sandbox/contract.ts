/**
 * The sandbox's only door to the rules of the documents: every request is checked by
 * src/shipping-api (the same code the plugin runs before sending), never by a rule written here.
 * This file adapts their results to what the handlers need and nothing more.
 */
import { HEADER, type Carrier, type Variant } from "../shipping-api/constants"
import { contactUpdateSchema, CONTACT_SOURCE, type ContactUpdate } from "../shipping-api/schemas/contact"
import { retryQuerySchema, reprintRequestSchema } from "../shipping-api/schemas/retry"
import { voidRequestSchema } from "../shipping-api/schemas/void"
import { buildGetTracking, TRACKING_SOURCE, trackingCarrierFor } from "../shipping-api/operations/tracking"
import { validateWebhookConfig, zodViolations } from "../shipping-api/operations/webhooks"
import {
  RETRY_RESOURCES,
  VOID_RESOURCES,
  validateManifestRequest,
  validateRatesRequest,
  validateShipmentRequest,
  validateTransactionId,
  violationsFromZod,
} from "../shipping-api/rules"
import type { ManifestRequest } from "../shipping-api/schemas/manifest"
import type { Violation } from "../shipping-api/violation"
import type { z } from "../shipping-api/zod"
import type { ShipmentRequest } from "./request"
import type { WebhookConfig } from "./state/model"

type Checked<T> = { ok: true; value: T } | { ok: false; violations: Violation[] }

function queryRecord(query: URLSearchParams): Record<string, string> {
  return Object.fromEntries(query)
}

function viaSchema<T>(schema: z.ZodType<T>, input: unknown, resources: typeof RETRY_RESOURCES): Violation[] {
  const parsed = schema.safeParse(input, { reportInput: true })
  return parsed.success ? [] : violationsFromZod(parsed.error, resources)
}

export function checkTransactionId(id: string | undefined): Violation[] {
  const r = validateTransactionId(id)
  return r.ok ? [] : r.violations
}

export function checkShipment(
  body: unknown,
  query: URLSearchParams,
  apac: boolean
): { ok: true; request: ShipmentRequest; variant: Variant } | { ok: false; violations: Violation[] } {
  const r = validateShipmentRequest(body, { operation: "create", query: queryRecord(query), apac })
  return r.ok ? { ok: true, request: r.value as ShipmentRequest, variant: r.variant } : r
}

export function checkRates(
  body: unknown,
  query: URLSearchParams,
  apac: boolean
): { ok: true; request: ShipmentRequest; variant: Variant } | { ok: false; violations: Violation[] } {
  const r = validateRatesRequest(body, { operation: "rates", query: queryRecord(query), apac })
  return r.ok ? { ok: true, request: r.value as ShipmentRequest, variant: r.variant } : r
}

export function checkManifest(body: unknown): Checked<ManifestRequest> {
  const r = validateManifestRequest(body)
  return r.ok ? { ok: true, value: r.value } : r
}

export function checkWebhookConfig(body: unknown): Checked<WebhookConfig> {
  return validateWebhookConfig(body) as Checked<WebhookConfig>
}

export function checkContactUpdate(body: unknown): Checked<ContactUpdate> {
  const parsed = contactUpdateSchema.safeParse(body)
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, violations: zodViolations(parsed.error, { prefix: "contact", source: CONTACT_SOURCE.body }) }
}

const param = (query: URLSearchParams, name: string) => query.get(name) ?? undefined

export function checkRetry(query: URLSearchParams): Violation[] {
  return viaSchema(retryQuerySchema, { originalTransactionId: param(query, "originalTransactionId"), carrier: param(query, "carrier") }, RETRY_RESOURCES)
}

export function checkReprint(shipmentId: string, query: URLSearchParams): Violation[] {
  return viaSchema(reprintRequestSchema, { shipmentId, carrier: param(query, "carrier") }, RETRY_RESOURCES)
}

/** The transaction id travels as a header: reported there, as the client's builder does. */
export function checkVoid(input: { shipmentId?: string; carrier?: string; cancelInitiator?: string; transactionId?: string }): Violation[] {
  return viaSchema(voidRequestSchema, input, VOID_RESOURCES).map((v) =>
    v.path === "transactionId" ? { ...v, path: `headers.${HEADER.transactionId}` } : v
  )
}

/**
 * Doc 3 tracking query: it must carry what the client's own builder sends for this package
 * (packageIdentifierType=TrackingNumber; carrier for standard delivery, per trackingCarrierFor).
 */
export function checkTrackingQuery(identifier: string, query: URLSearchParams, carrierOfPackage: Carrier | undefined): Violation[] {
  const built = buildGetTracking(identifier, { carrier: carrierOfPackage && trackingCarrierFor(carrierOfPackage) })
  if (!built.ok) return built.violations
  const out: Violation[] = []
  for (const [name, expected] of Object.entries(built.query ?? {})) {
    if (expected !== undefined && query.get(name) !== String(expected)) {
      out.push({ path: `query.${name}`, rule: `tracking.query.${name}`, message: `must be ${String(expected)}`, source: TRACKING_SOURCE })
    }
  }
  return out
}
