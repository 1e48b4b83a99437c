import { CARRIER_OF_VARIANT, type Carrier } from "../constants"
import type { OperationRequest } from "../client/request"
import { trackingResponseSchema, type TrackingResponse } from "../schemas/tracking"
import type { Violation } from "../violation"

/**
 * Doc 3: GET {base_url}/v1/tracking/{identifier}?packageIdentifierType=TrackingNumber[&carrier=].
 * Standard delivery needs `carrier` (the standard carrier) so that both standard and postal
 * events come back; the client maps the neutral id to its wire value.
 */

export const TRACKING_SOURCE = "doc 3, GET /v1/tracking/{identifier}"
export const PACKAGE_IDENTIFIER_TYPE = "TrackingNumber"

export type TrackingQuery = { carrier?: Carrier | string }

export function buildGetTracking(
  trackingNumber: string,
  options: TrackingQuery = {}
): ({ ok: true } & OperationRequest) | { ok: false; violations: Violation[] } {
  if (typeof trackingNumber !== "string" || trackingNumber.trim() === "") {
    return {
      ok: false,
      violations: [{ path: "identifier", rule: "tracking.identifier.not-empty", message: "must not be empty", source: TRACKING_SOURCE }],
    }
  }
  return {
    ok: true,
    method: "GET",
    root: "base",
    path: `/v1/tracking/${encodeURIComponent(trackingNumber.trim())}`,
    query: { packageIdentifierType: PACKAGE_IDENTIFIER_TYPE, carrier: options.carrier },
  }
}

/** The carrier tracking needs for a shipment of `carrier`: only standard delivery sends one. */
export function trackingCarrierFor(carrier: Carrier): Carrier | undefined {
  return carrier === CARRIER_OF_VARIANT.standard ? carrier : undefined
}

export function parseTrackingResponse(body: unknown): { ok: true; value: TrackingResponse } | { ok: false; fields: string[] } {
  const parsed = trackingResponseSchema.safeParse(body)
  if (parsed.success) return { ok: true, value: parsed.data }
  return { ok: false, fields: [...new Set(parsed.error.issues.map((i) => i.path.join(".") || "(body)"))] }
}
