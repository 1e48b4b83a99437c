/**
 * The sandbox's only door to the rules of the documents: every request is checked by
 * src/shipping-api (the same code the plugin runs before sending), never by a rule written here,
 * and so are the service's state checks (rules/service-state.ts, rules/void.ts). This file adapts
 * their results to what the handlers need and nothing more. Carriers arrive as the account's wire
 * codes (SandboxAccount.carrierCodes): they are checked as such and handled as neutral ids.
 */
import {
  CARRIER_OF_VARIANT,
  HEADER,
  type Carrier,
  type Variant,
} from "../../../src/shipping-api/constants"
import {
  neutralCarrier,
  type CarrierCodes,
} from "../../../src/shipping-api/rules"
import type { StateRefusal } from "../../../src/shipping-api/rules/service-state"
import {
  contactUpdateSchema,
  CONTACT_SOURCE,
  type ContactUpdate,
} from "../../../src/shipping-api/schemas/contact"
import {
  retryQuerySchema,
  reprintRequestSchema,
} from "../../../src/shipping-api/schemas/retry"
import { voidRequestSchema } from "../../../src/shipping-api/schemas/void"
import { trackingRequestViolations } from "../../../src/shipping-api/operations/tracking"
import {
  validateWebhookConfig,
  zodViolations,
} from "../../../src/shipping-api/operations/webhooks"
import {
  RETRY_RESOURCES,
  VOID_RESOURCES,
  validateManifestRequest,
  validateRatesRequest,
  validateShipmentRequest,
  validateTransactionId,
  violationsFromZod,
} from "../../../src/shipping-api/rules"
import type { ManifestRequest } from "../../../src/shipping-api/schemas/manifest"
import type { Violation } from "../../../src/shipping-api/violation"
import type { z } from "../../../src/shipping-api/zod"
import { apiError, type ApiError } from "./http/errors"
import type { ShipmentRequest } from "./request"
import type { WebhookConfig } from "./state/model"

type Checked<T> =
  { ok: true; value: T } | { ok: false; violations: Violation[] }

function queryRecord(query: URLSearchParams): Record<string, string> {
  return Object.fromEntries(query)
}

function viaSchema<T>(
  schema: z.ZodType<T>,
  input: unknown,
  resources: typeof RETRY_RESOURCES
): Violation[] {
  const parsed = schema.safeParse(input, { reportInput: true })
  return parsed.success ? [] : violationsFromZod(parsed.error, resources)
}

export function checkTransactionId(id: string | undefined): Violation[] {
  const r = validateTransactionId(id)
  return r.ok ? [] : r.violations
}

/** The neutral id of a carrier sent as the account's wire code (undefined when unknown). */
export function carrierOf(
  value: string | null | undefined,
  codes?: CarrierCodes
): Carrier | undefined {
  return neutralCarrier(value ?? undefined, codes)
}

type CheckedShipment =
  | { ok: true; request: ShipmentRequest; variant: Variant }
  | { ok: false; violations: Violation[] }

/** Valid requests come back with neutral carriers (rates[].carrier), as the handlers speak them. */
function withNeutralRates(
  request: ShipmentRequest,
  variant: Variant
): ShipmentRequest {
  return {
    ...request,
    rates: request.rates?.map((r) => ({
      ...r,
      carrier: CARRIER_OF_VARIANT[variant],
    })),
  }
}

/** A create or rates body through every rule of its operation, carriers read back as neutral. */
function checkShipmentLike(
  validate: typeof validateShipmentRequest | typeof validateRatesRequest,
  body: unknown,
  query: URLSearchParams,
  apac: boolean,
  carrierCodes?: CarrierCodes
): CheckedShipment {
  const r = validate(body, { query: queryRecord(query), apac, carrierCodes })
  return r.ok
    ? {
        ok: true,
        request: withNeutralRates(r.value as ShipmentRequest, r.variant),
        variant: r.variant,
      }
    : r
}

export function checkShipment(
  body: unknown,
  query: URLSearchParams,
  apac: boolean,
  carrierCodes?: CarrierCodes
): CheckedShipment {
  return checkShipmentLike(
    validateShipmentRequest,
    body,
    query,
    apac,
    carrierCodes
  )
}

export function checkRates(
  body: unknown,
  query: URLSearchParams,
  apac: boolean,
  carrierCodes?: CarrierCodes
): CheckedShipment {
  return checkShipmentLike(
    validateRatesRequest,
    body,
    query,
    apac,
    carrierCodes
  )
}

export function checkManifest(
  body: unknown,
  carrierCodes?: CarrierCodes
): Checked<ManifestRequest> {
  const r = validateManifestRequest(body, { carrierCodes })
  return r.ok
    ? {
        ok: true,
        value: {
          ...r.value,
          carrier: carrierOf(r.value.carrier, carrierCodes) ?? r.value.carrier,
        },
      }
    : r
}

/** A refusal of the service's state rules, as the 400 the sandbox answers. */
export function stateError(
  refusal: StateRefusal,
  parameters: string[]
): ApiError {
  return apiError(
    refusal.status,
    refusal.code,
    refusal.message,
    parameters,
    refusal.source
  )
}

export function checkWebhookConfig(body: unknown): Checked<WebhookConfig> {
  return validateWebhookConfig(body) as Checked<WebhookConfig>
}

export function checkContactUpdate(body: unknown): Checked<ContactUpdate> {
  const parsed = contactUpdateSchema.safeParse(body)
  return parsed.success
    ? { ok: true, value: parsed.data }
    : {
        ok: false,
        violations: zodViolations(parsed.error, {
          prefix: "contact",
          source: CONTACT_SOURCE.body,
        }),
      }
}

const param = (query: URLSearchParams, name: string) =>
  query.get(name) ?? undefined

export function checkRetry(query: URLSearchParams): Violation[] {
  return viaSchema(
    retryQuerySchema,
    {
      originalTransactionId: param(query, "originalTransactionId"),
      carrier: param(query, "carrier"),
    },
    RETRY_RESOURCES
  )
}

export function checkReprint(
  shipmentId: string,
  query: URLSearchParams
): Violation[] {
  return viaSchema(
    reprintRequestSchema,
    { shipmentId, carrier: param(query, "carrier") },
    RETRY_RESOURCES
  )
}

/** The transaction id travels as a header: reported there, as the client's builder does. */
export function checkVoid(input: {
  shipmentId?: string
  carrier?: string
  cancelInitiator?: string
  transactionId?: string
}): Violation[] {
  return viaSchema(voidRequestSchema, input, VOID_RESOURCES).map((v) =>
    v.path === "transactionId"
      ? { ...v, path: `headers.${HEADER.transactionId}` }
      : v
  )
}

/**
 * Doc 3 tracking query, by the rules the client's builder obeys (packageIdentifierType; carrier
 * for a standard delivery package, as the asking account's wire code).
 */
export function checkTrackingQuery(
  identifier: string,
  query: URLSearchParams,
  parcelCarrier: Carrier | undefined,
  carrierCodes?: CarrierCodes
): Violation[] {
  return trackingRequestViolations({
    identifier,
    query: queryRecord(query),
    parcelCarrier,
    carrierCodes,
  })
}
