import type { OperationRequest } from "../client/request"
import { HEADER, type Variant } from "../constants"
import { type RatesRequest, type ShipmentRequest } from "../schemas/shipment"
import {
  detectVariant,
  validateRatesRequest,
  validateShipmentRequest,
  type CarrierCodes,
  type ShipmentDraft,
  type ValidationContext,
  type Validated,
} from "../rules"
import type { Violation } from "../violation"
import {
  SHIPMENT_PATHS,
  asNeutral,
  failIf,
  headers,
  JSON_BODY,
  transactionIdViolations,
  UNIFIED_ERRORS,
} from "./builder-parts"

// Pure builders: any broken rule means no request. Requests carry neutral carrier ids and a root name.

export { SHIPMENT_PATHS } from "./builder-parts"

export type { Built, Parsed } from "./builder-parts"
import type { Built } from "./builder-parts"

/** For callers that prefer an exception. */
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

/** So rules and client agree. */
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

export type ShipperHeaders = {
  carrierAccountId?: string
  ratePlan?: string
  integratorCarrierId?: string
}

export type CreateShipmentInput = ShipperHeaders & {
  /** Neutral carrier ids or their wire codes. */
  shipment: unknown
  /** Stored by the caller before the request leaves (doc 4). */
  transactionId: string
  /** Expedited optional; cross-border always sent (default true). */
  includeDeliveryCommitment?: boolean
  /** Standard delivery from Asia-Pacific goes to {apac_url} with the regional carrier. */
  apac?: boolean
  regionalCarrier?: string
  acceptLanguage?: string
  legacySingleSolutionAccount?: boolean
  /** Only to recognise wire codes in `shipment`; the request keeps neutral ids. */
  carrierCodes?: CarrierCodes
}

/** A Record so that a new variant is a compile error here. */
type VariantRequest = {
  headers: (input: ShipperHeaders) => Record<string, string | undefined>
  /** "always" sends it (default `commitmentDefault`), "when-given" only when the caller set it. */
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

export function usesApacRoot(
  variant: Variant | undefined,
  input: { apac?: boolean }
): boolean {
  return !!variant && VARIANT_REQUEST[variant].apacRoot && !!input.apac
}

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

export * from "./shipment-followups"
export * from "./shipment-responses"
