import { CARRIERS, CARRIER_OF_VARIANT, type Carrier } from "../constants"
import type { OperationRequest } from "../client/request"
import type { CarrierCodes } from "../rules/types"
import { neutralCarrier, wireCarrier } from "../rules/variant"
import {
  trackingResponseSchema,
  type TrackingResponse,
} from "../schemas/tracking"
import type { Violation } from "../violation"

// Doc 3: `carrier` is "Standard delivery only, required" so both standard and postal events come back.

export const TRACKING_SOURCE = "doc 3, GET /v1/tracking/{identifier}"
export const PACKAGE_IDENTIFIER_TYPE = "TrackingNumber"

export type TrackingQuery = {
  /** Neutral id; the client maps the query to wire codes. */
  parcelCarrier: Carrier
}

export type TrackingRequestDraft = {
  identifier: string
  query: Readonly<Record<string, string | undefined>>
  /** When known (the sandbox does not know an unknown number's). */
  parcelCarrier?: Carrier
  carrierCodes?: CarrierCodes
}

export type TrackingRule = {
  id: string
  source: string
  description: string
  check(draft: TrackingRequestDraft): Violation[]
}

function rule(
  def: Omit<TrackingRule, "check" | "source"> & {
    test(d: TrackingRequestDraft): { path: string; message: string } | undefined
  }
): TrackingRule {
  const { test, ...rest } = def
  return {
    ...rest,
    source: TRACKING_SOURCE,
    check(draft) {
      const found = test(draft)
      return found ? [{ ...found, rule: def.id, source: TRACKING_SOURCE }] : []
    },
  }
}

const STANDARD = CARRIER_OF_VARIANT.standard

export const TRACKING_RULES: readonly TrackingRule[] = [
  rule({
    id: "tracking.identifier.not-empty",
    description: "the identifier (tracking number) is not empty",
    test: (d) =>
      typeof d.identifier === "string" && d.identifier.trim() !== ""
        ? undefined
        : { path: "identifier", message: "must not be empty" },
  }),
  rule({
    id: "tracking.query.packageIdentifierType",
    description: `query packageIdentifierType is ${PACKAGE_IDENTIFIER_TYPE}`,
    test: (d) =>
      d.query.packageIdentifierType === PACKAGE_IDENTIFIER_TYPE
        ? undefined
        : {
            path: "query.packageIdentifierType",
            message: `must be ${PACKAGE_IDENTIFIER_TYPE}`,
          },
  }),
  rule({
    id: "tracking.query.carrier",
    description:
      "a standard delivery parcel is tracked with query carrier = the standard carrier's value (its wire code when mapped)",
    test: (d) => {
      if (d.parcelCarrier !== STANDARD) return undefined
      const expected = wireCarrier(STANDARD, d.carrierCodes)
      return d.query.carrier === expected
        ? undefined
        : {
            path: "query.carrier",
            message: `must be ${expected} for a standard delivery parcel`,
          }
    },
  }),
]

export function trackingRequestViolations(
  draft: TrackingRequestDraft
): Violation[] {
  return TRACKING_RULES.flatMap((r) => r.check(draft))
}

/** `parcelCarrier` is required: without it a standard delivery parcel would be refused (doc 3). */
export function buildGetTracking(
  trackingNumber: string,
  options: TrackingQuery
): ({ ok: true } & OperationRequest) | { ok: false; violations: Violation[] } {
  const parcelCarrier = neutralCarrier(options?.parcelCarrier)
  if (!parcelCarrier) {
    return {
      ok: false,
      violations: [
        {
          path: "parcelCarrier",
          rule: "tracking.parcelCarrier.known",
          message: `the carrier of the parcel's label is required (one of ${CARRIERS.join(", ")}): standard delivery parcels are tracked with carrier`,
          source: TRACKING_SOURCE,
        },
      ],
    }
  }
  const identifier =
    typeof trackingNumber === "string" ? trackingNumber.trim() : trackingNumber
  const query = {
    packageIdentifierType: PACKAGE_IDENTIFIER_TYPE,
    ...(parcelCarrier === STANDARD ? { carrier: STANDARD } : {}),
  }
  const violations = trackingRequestViolations({
    identifier,
    query,
    parcelCarrier,
  })
  if (violations.length) return { ok: false, violations }
  return {
    ok: true,
    method: "GET",
    root: "base",
    path: `/v1/tracking/${encodeURIComponent(identifier)}`,
    query,
  }
}

export function parseTrackingResponse(
  body: unknown
): { ok: true; value: TrackingResponse } | { ok: false; fields: string[] } {
  const parsed = trackingResponseSchema.safeParse(body)
  if (parsed.success) return { ok: true, value: parsed.data }
  return {
    ok: false,
    fields: [
      ...new Set(parsed.error.issues.map((i) => i.path.join(".") || "(body)")),
    ],
  }
}
