import type { OperationRequest } from "../client/request"
import {
  CANCEL_INITIATOR,
  HEADER,
  type Carrier,
  type Variant,
} from "../constants"
import { SOURCE } from "../schemas/common"
import {
  manifestResponseSchema,
  type ManifestRequest,
  type ManifestResponse,
} from "../schemas/manifest"
import { reprintRequestSchema, retryQuerySchema } from "../schemas/retry"
import {
  createdShipmentResponseSchema,
  ratesResponseSchema,
  type CreatedShipmentResponse,
  type RatesRequest,
  type RatesResponse,
  type ShipmentRequest,
} from "../schemas/shipment"
import {
  voidRequestSchema,
  voidResponseSchema,
  type VoidResponse,
} from "../schemas/void"
import {
  RETRY_RESOURCES,
  VOID_RESOURCES,
  detectVariant,
  neutralCarrier,
  validateManifestRequest,
  validateRatesRequest,
  validateShipmentRequest,
  validateTransactionId,
  violationsFromZod,
  type CarrierCodes,
  type ShipmentDraft,
  type ValidationContext,
  type Validated,
} from "../rules"
import type { Violation } from "../violation"
import type { z } from "../zod"

/**
 * Doc 2 and doc 4 shipment operations as pure builders and parsers (no I/O). A builder
 * validates everything first and produces no request when any rule is broken. Requests use the
 * documents' neutral carrier ids and a root name; the client (src/shipping-api/client) adds the
 * root, the token, the common headers and the wire carrier codes.
 */

export const SHIPMENT_PATHS = {
  shipments: "/v1/shipments",
  rates: "/v1/rates",
  manifests: "/v1/manifests",
} as const

/**
 * `warnings` (create and rates): rules of severity "warning" the request meets. It is valid and
 * sent; the service will not do what those parts seem to ask (docs/shipment-rules.md).
 */
export type Built =
  | ({ ok: true; variant?: Variant; warnings?: Violation[] } & OperationRequest)
  | { ok: false; violations: Violation[] }
export type Parsed<T> =
  { ok: true; value: T } | { ok: false; violations: Violation[] }

/** For callers that prefer an exception; the client raises its own error class from `violations`. */
export class ShipmentRequestInvalid extends Error {
  constructor(readonly violations: Violation[]) {
    super(
      `the shipment request breaks ${violations.length} rule(s): ${violations.map((v) => v.rule).join(", ")}`
    )
    this.name = "ShipmentRequestInvalid"
  }
}

export function requireBuilt(
  built: Built
): OperationRequest & { variant?: Variant; warnings?: Violation[] } {
  if (!built.ok) throw new ShipmentRequestInvalid(built.violations)
  const { ok: _ok, ...request } = built
  return request
}

const JSON_BODY = { "Content-Type": "application/json" }
const UNIFIED_ERRORS = { [HEADER.unifiedErrorStructure]: "true" }

/** Headers without the undefined ones. */
function headers(
  all: Record<string, string | undefined>
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(all).filter(
      (e): e is [string, string] => e[1] !== undefined && e[1] !== ""
    )
  )
}

/** Neutral carrier id of a carrier given either way (neutral id or mapped wire code). */
function asNeutral(value: unknown, codes?: CarrierCodes): unknown {
  if (typeof value !== "string") return value
  return neutralCarrier(value, codes) ?? value
}

/** A copy of a shipment body with rates[].carrier as neutral ids, so rules and client agree. */
function withNeutralCarriers(shipment: unknown, codes?: CarrierCodes): unknown {
  if (!shipment || typeof shipment !== "object" || Array.isArray(shipment))
    return shipment
  const body = shipment as { rates?: unknown }
  if (!Array.isArray(body.rates)) return shipment
  return {
    ...body,
    rates: body.rates.map((r) =>
      r && typeof r === "object"
        ? {
            ...r,
            carrier: asNeutral((r as { carrier?: unknown }).carrier, codes),
          }
        : r
    ),
  }
}

function transactionIdViolations(id: unknown): Violation[] {
  const checked = validateTransactionId(id)
  return checked.ok ? [] : checked.violations
}

function failIf(
  violations: Violation[]
): { ok: false; violations: Violation[] } | undefined {
  return violations.length > 0 ? { ok: false, violations } : undefined
}

export type ShipperHeaders = {
  /** X-Vendor-Shipper-Carrier-AccountId (carrier-account). */
  carrierAccountId?: string
  /** X-Vendor-Shipper-Rate-Plan (expedited only). */
  ratePlan?: string
  /** X-Vendor-Integrator-CarrierId (expedited only). */
  integratorCarrierId?: string
}

export type CreateShipmentInput = ShipperHeaders & {
  /** The Shipment object (doc 2), with neutral carrier ids or their wire codes. */
  shipment: unknown
  /** X-Vendor-TransactionId, stored by the caller before the request leaves (doc 4). */
  transactionId: string
  /** Query includeDeliveryCommitment: expedited optional; cross-border always sent (default true). */
  includeDeliveryCommitment?: boolean
  /** Standard delivery originating in Asia-Pacific: sent to {apac_url} with the regional carrier. */
  apac?: boolean
  regionalCarrier?: string
  acceptLanguage?: string
  legacySingleSolutionAccount?: boolean
  /** Only to recognise wire codes in `shipment`; the request keeps neutral ids. */
  carrierCodes?: CarrierCodes
}

/**
 * What each variant adds to the request line of create and rates (doc 2): its shipper headers,
 * whether create sends includeDeliveryCommitment (and its default), the carrier query parameter,
 * and whether it may go to the Asia-Pacific root. A Record so that a new variant is a compile
 * error here (docs/architecture.md, "Adding a variant").
 */
type VariantRequest = {
  headers: (input: ShipperHeaders) => Record<string, string | undefined>
  /** create: "always" sends it (default `commitmentDefault`), "when-given" only when the caller set it. */
  commitmentOnCreate: "always" | "when-given" | "never"
  commitmentDefault: boolean
  carrier?: (input: {
    apac?: boolean
    regionalCarrier?: string
  }) => string | undefined
  apacRoot: boolean
}

const VARIANT_REQUEST: Record<Variant, VariantRequest> = {
  "carrier-account": {
    headers: (i) => ({ [HEADER.carrierAccountId]: i.carrierAccountId }),
    commitmentOnCreate: "never",
    commitmentDefault: false,
    apacRoot: false,
  },
  expedited: {
    headers: (i) => ({
      [HEADER.ratePlan]: i.ratePlan,
      [HEADER.integratorCarrierId]: i.integratorCarrierId,
    }),
    commitmentOnCreate: "when-given",
    commitmentDefault: false,
    apacRoot: false,
  },
  standard: {
    headers: () => ({}),
    commitmentOnCreate: "never",
    commitmentDefault: false,
    carrier: (i) =>
      i.apac && i.regionalCarrier ? i.regionalCarrier : undefined,
    apacRoot: true,
  },
  "cross-border": {
    headers: () => ({}),
    commitmentOnCreate: "always",
    commitmentDefault: true,
    carrier: () => "XBORDER",
    apacRoot: false,
  },
}

function variantHeaders(
  variant: Variant | undefined,
  input: ShipperHeaders
): Record<string, string | undefined> {
  return variant ? VARIANT_REQUEST[variant].headers(input) : {}
}

/** Whether this request goes to {apac_url} (standard delivery originating in Asia-Pacific). */
export function usesApacRoot(
  variant: Variant | undefined,
  input: { apac?: boolean }
): boolean {
  return !!variant && VARIANT_REQUEST[variant].apacRoot && !!input.apac
}

/** The query of create and rates, which depends on the variant read from the body. */
function shipmentQuery(
  variant: Variant | undefined,
  operation: ValidationContext["operation"],
  input: {
    includeDeliveryCommitment?: boolean
    apac?: boolean
    regionalCarrier?: string
  }
): Record<string, string> {
  const query: Record<string, string> = {}
  const commitment = input.includeDeliveryCommitment
  const v = variant ? VARIANT_REQUEST[variant] : undefined
  // rates always asks; create as the variant says.
  if (operation === "rates" || v?.commitmentOnCreate === "always")
    query.includeDeliveryCommitment = String(
      commitment ?? v?.commitmentDefault ?? false
    )
  else if (v?.commitmentOnCreate === "when-given" && commitment !== undefined)
    query.includeDeliveryCommitment = String(commitment)
  const carrier = v?.carrier?.(input)
  if (carrier) query.carrier = carrier
  return query
}

/**
 * Create and rates alike: neutral carriers to wire codes, the variant, its query and root, the
 * body through every rule of its operation (plus the transaction id's), then the POST.
 */
function buildShipmentPost<B extends ShipmentRequest | RatesRequest>(
  operation: "create" | "rates",
  input: RatesInput,
  validate: (
    shipment: unknown,
    ctx: Omit<ValidationContext, "operation">
  ) => Validated<B>,
  idViolations: Violation[]
): Built {
  const shipment = withNeutralCarriers(input.shipment, input.carrierCodes)
  const variant = detectVariant(shipment as ShipmentDraft)
  const query = shipmentQuery(variant, operation, input)
  const apac = usesApacRoot(variant, input)
  const checked = validate(shipment, {
    query,
    apac,
    regionalCarrier: input.regionalCarrier,
    legacySingleSolutionAccount: input.legacySingleSolutionAccount,
  })
  const failed = failIf([
    ...idViolations,
    ...(checked.ok ? [] : checked.violations),
  ])
  if (failed || !checked.ok) return failed ?? { ok: false, violations: [] }
  return {
    ok: true,
    variant: checked.variant,
    ...(checked.warnings.length ? { warnings: checked.warnings } : {}),
    method: "POST",
    root: apac ? "apac" : "base",
    path:
      operation === "create" ? SHIPMENT_PATHS.shipments : SHIPMENT_PATHS.rates,
    query,
    headers: headers({
      ...JSON_BODY,
      ...UNIFIED_ERRORS,
      [HEADER.transactionId]: input.transactionId,
      [HEADER.acceptLanguage]: input.acceptLanguage,
      ...variantHeaders(checked.variant, input),
    }),
    body: checked.value,
  }
}

/** POST {base_url | apac_url}/v1/shipments (doc 2). */
export function buildCreateShipment(input: CreateShipmentInput): Built {
  return buildShipmentPost(
    "create",
    input,
    validateShipmentRequest,
    transactionIdViolations(input.transactionId)
  )
}

export type RatesInput = ShipperHeaders &
  Omit<CreateShipmentInput, "transactionId" | keyof ShipperHeaders> & {
    /** Doc 4 does not ask for one on rates; sent when given. */
    transactionId?: string
  }

/** POST {base_url}/v1/rates?includeDeliveryCommitment=…[&carrier=XBORDER] (doc 4). */
export function buildRates(input: RatesInput): Built {
  return buildShipmentPost(
    "rates",
    input,
    validateRatesRequest,
    input.transactionId === undefined
      ? []
      : transactionIdViolations(input.transactionId)
  )
}

function checkWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  table: typeof RETRY_RESOURCES
): Parsed<z.output<S>> {
  const parsed = schema.safeParse(value, { reportInput: true })
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, violations: violationsFromZod(parsed.error, table) }
}

/** GET {base_url}/v1/shipments?originalTransactionId=&carrier= (doc 4, after an ambiguous create). */
export function buildRetryShipment(input: {
  originalTransactionId: string
  carrier: Carrier
  acceptLanguage?: string
}): Built {
  const checked = checkWith(
    retryQuerySchema,
    {
      originalTransactionId: input.originalTransactionId,
      carrier: input.carrier,
    },
    RETRY_RESOURCES
  )
  if (!checked.ok) return checked
  return {
    ok: true,
    method: "GET",
    root: "base",
    path: SHIPMENT_PATHS.shipments,
    query: {
      originalTransactionId: checked.value.originalTransactionId,
      carrier: checked.value.carrier,
    },
    headers: headers({
      ...UNIFIED_ERRORS,
      [HEADER.acceptLanguage]: input.acceptLanguage,
    }),
  }
}

/** GET {base_url}/v1/shipments/{shipmentId}?carrier= (doc 4 reprint; at most LIMITS.reprints). */
export function buildReprintShipment(input: {
  shipmentId: string
  carrier: Carrier
  acceptLanguage?: string
}): Built {
  const checked = checkWith(
    reprintRequestSchema,
    { shipmentId: input.shipmentId, carrier: input.carrier },
    RETRY_RESOURCES
  )
  if (!checked.ok) return checked
  return {
    ok: true,
    method: "GET",
    root: "base",
    path: `${SHIPMENT_PATHS.shipments}/${encodeURIComponent(checked.value.shipmentId)}`,
    query: { carrier: checked.value.carrier },
    headers: headers({
      ...UNIFIED_ERRORS,
      [HEADER.acceptLanguage]: input.acceptLanguage,
    }),
  }
}

/** DELETE {base_url}/v1/shipments/{shipmentId}?carrier=&cancelInitiator=SHIPPER with a new transaction id (doc 4). */
export function buildVoidShipment(input: {
  shipmentId: string
  carrier: Carrier
  /** A new id, not the one of the create. */
  transactionId: string
  carrierAccountId?: string
  acceptLanguage?: string
}): Built {
  const checked = checkWith(
    voidRequestSchema,
    {
      shipmentId: input.shipmentId,
      carrier: input.carrier,
      cancelInitiator: CANCEL_INITIATOR,
      transactionId: input.transactionId,
    },
    VOID_RESOURCES
  )
  if (!checked.ok) {
    // The transaction id is a header: report it where the other builders do.
    return {
      ok: false,
      violations: checked.violations.map((v) =>
        v.path === "transactionId"
          ? { ...v, path: `headers.${HEADER.transactionId}` }
          : v
      ),
    }
  }
  return {
    ok: true,
    method: "DELETE",
    root: "base",
    path: `${SHIPMENT_PATHS.shipments}/${encodeURIComponent(checked.value.shipmentId)}`,
    query: {
      carrier: checked.value.carrier,
      cancelInitiator: CANCEL_INITIATOR,
    },
    headers: headers({
      ...UNIFIED_ERRORS,
      [HEADER.transactionId]: checked.value.transactionId,
      [HEADER.acceptLanguage]: input.acceptLanguage,
      [HEADER.carrierAccountId]:
        input.carrier === "CARRIER_A" ? input.carrierAccountId : undefined,
    }),
  }
}

/** POST {base_url}/v1/manifests with X-Vendor-TransactionId (doc 4). */
export function buildManifest(input: {
  manifest: unknown
  transactionId: string
  acceptLanguage?: string
  carrierCodes?: CarrierCodes
}): Built {
  const manifest = input.manifest as { carrier?: unknown } | undefined
  const neutral =
    manifest && typeof manifest === "object"
      ? {
          ...manifest,
          carrier: asNeutral(manifest.carrier, input.carrierCodes),
        }
      : manifest
  const checked = validateManifestRequest(neutral)
  const failed = failIf([
    ...transactionIdViolations(input.transactionId),
    ...(checked.ok ? [] : checked.violations),
  ])
  if (failed || !checked.ok) return failed ?? { ok: false, violations: [] }
  return {
    ok: true,
    method: "POST",
    root: "base",
    path: SHIPMENT_PATHS.manifests,
    query: {},
    headers: headers({
      ...JSON_BODY,
      ...UNIFIED_ERRORS,
      [HEADER.transactionId]: input.transactionId,
      [HEADER.acceptLanguage]: input.acceptLanguage,
    }),
    body: checked.value satisfies ManifestRequest,
  }
}

// Parsers: tolerant of unknown fields, nulls and numbers sent as strings.

function parseWith<S extends z.ZodType>(
  schema: S,
  body: unknown,
  source: string
): Parsed<z.output<S>> {
  const parsed = schema.safeParse(body, { reportInput: true })
  return parsed.success
    ? { ok: true, value: parsed.data }
    : {
        ok: false,
        violations: violationsFromZod(parsed.error, {
          "": { id: "response", source },
        }),
      }
}

/** 200/201 of create, retry and reprint: the Shipment object with at least shipmentId. */
export function parseShipmentResponse(
  body: unknown
): Parsed<CreatedShipmentResponse> {
  return parseWith(createdShipmentResponseSchema, body, SOURCE.shipment)
}

export function parseRatesResponse(body: unknown): Parsed<RatesResponse> {
  return parseWith(ratesResponseSchema, body, SOURCE.rates4)
}

export function parseVoidResponse(body: unknown): Parsed<VoidResponse> {
  return parseWith(voidResponseSchema, body, SOURCE.void)
}

export function parseManifestResponse(body: unknown): Parsed<ManifestResponse> {
  return parseWith(manifestResponseSchema, body, SOURCE.manifest)
}
