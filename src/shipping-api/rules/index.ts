import type { Variant } from "../constants"
import { transactionIdSchema } from "../schemas/common"
import {
  manifestRequestSchema,
  type ManifestRequest,
} from "../schemas/manifest"
import {
  ratesRequestSchema,
  shipmentRequestSchema,
  type RatesRequest,
  type ShipmentRequest,
} from "../schemas/shipment"
import type { Violation } from "../violation"
import { ADDRESS_RULES } from "./addresses"
import { CARRIER_ACCOUNT_RULES } from "./carrier-account"
import { CROSS_BORDER_RULES } from "./cross-border"
import { CUSTOMS_RULES } from "./customs"
import { DOCUMENT_RULES } from "./documents"
import { EXPEDITED_RULES } from "./expedited"
import { GENERAL_RULES } from "./general"
import { MANIFEST_RULES, type ManifestContext } from "./manifest"
import { PARCEL_RULES } from "./parcel"
import { QUERY_RULES } from "./query"
import { SPECIAL_SERVICE_RULES } from "./special-services"
import { STANDARD_RULES, standardReferencesAsSent } from "./standard"
import type { ShipmentDraft, ShipmentRule, ValidationContext } from "./types"
import { carrierKnownRule, detectVariant } from "./variant"
import {
  MANIFEST_RESOURCES,
  RETRY_RESOURCES,
  SHIPMENT_RESOURCES,
  violationsFromZod,
} from "./zod-violations"

export * from "./types"
export {
  detectVariant,
  neutralCarrier,
  wireCarrier,
  carrierKnownRule,
} from "./variant"
export {
  MANIFEST_RULES,
  type ManifestContext,
  type ManifestRule,
} from "./manifest"
export {
  violationsFromZod,
  formatPath,
  SHIPMENT_RESOURCES,
  MANIFEST_RESOURCES,
  VOID_RESOURCES,
  RETRY_RESOURCES,
} from "./zod-violations"
export { lengthPlusGirth, parcelLengthPlusGirth } from "./parcel"
export { REQUIRED_ADDRESS_FIELDS } from "./addresses"

/** In the order they report. */
export const SHIPMENT_RULES: readonly ShipmentRule[] = [
  carrierKnownRule,
  ...GENERAL_RULES,
  ...ADDRESS_RULES,
  ...CARRIER_ACCOUNT_RULES,
  ...PARCEL_RULES,
  ...DOCUMENT_RULES,
  ...SPECIAL_SERVICE_RULES,
  ...EXPEDITED_RULES,
  ...STANDARD_RULES,
  ...CUSTOMS_RULES,
  ...CROSS_BORDER_RULES,
  ...QUERY_RULES,
]

/** `warnings` never make a request invalid: the service just will not do what those parts seem to ask. */
export type Validated<T> =
  | { ok: true; value: T; variant: Variant; warnings: Violation[] }
  | { ok: false; violations: Violation[]; warnings: Violation[] }
export type Checked<T> =
  { ok: true; value: T } | { ok: false; violations: Violation[] }

/** What the service does to a valid request before using it (doc 2 renames standard references). */
const AS_SENT: Partial<Record<Variant, (s: ShipmentDraft) => ShipmentDraft>> = {
  standard: (s) =>
    s.references
      ? { ...s, references: standardReferencesAsSent(s.references) }
      : s,
}

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v)
}

function dedupe(violations: Violation[]): Violation[] {
  const seen = new Set<string>()
  return violations.filter((v) => {
    const key = `${v.rule}\u0000${v.path}\u0000${v.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

export function applicableRules(
  variant: Variant,
  operation: ValidationContext["operation"]
): ShipmentRule[] {
  return SHIPMENT_RULES.filter(
    (r) => r.variants.includes(variant) && r.operations.includes(operation)
  )
}

/** Also on a raw request that failed the schema, so one call reports every violation. */
function runRules(
  draft: ShipmentDraft,
  ctx: ValidationContext,
  parsed: boolean
): { variant?: Variant; violations: Violation[]; warnings: Violation[] } {
  const guard = (rule: ShipmentRule, variant: Variant): Violation[] => {
    try {
      return rule.check(draft, { ...ctx, variant })
    } catch (e) {
      if (parsed) throw e
      return []
    }
  }
  const variant = detectVariant(draft, ctx.carrierCodes)
  if (!variant)
    return {
      violations: guard(carrierKnownRule, "carrier-account"),
      warnings: [],
    }
  const rules = applicableRules(variant, ctx.operation)
  const of = (severity: ShipmentRule["severity"]) =>
    rules
      .filter((r) => r.severity === severity)
      .flatMap((rule) => guard(rule, variant))
  return { variant, violations: of("error"), warnings: of("warning") }
}

function validateShipmentLike<T>(
  schema: typeof shipmentRequestSchema | typeof ratesRequestSchema,
  input: unknown,
  ctx: ValidationContext
): Validated<T> {
  const parsed = schema.safeParse(input, { reportInput: true })
  const violations = parsed.success
    ? []
    : violationsFromZod(parsed.error, SHIPMENT_RESOURCES)
  const draft = parsed.success
    ? parsed.data
    : isObject(input)
      ? (input as ShipmentDraft)
      : undefined
  const ruled = draft
    ? runRules(draft, ctx, parsed.success)
    : { violations: [], warnings: [] }
  const all = dedupe([...violations, ...ruled.violations])
  const warnings = dedupe(ruled.warnings)
  if (all.length > 0 || !parsed.success || !ruled.variant) {
    return { ok: false, violations: all, warnings }
  }
  const asSent = AS_SENT[ruled.variant]
  const value = (
    asSent ? asSent(parsed.data as ShipmentDraft) : parsed.data
  ) as T
  return { ok: true, value, variant: ruled.variant, warnings }
}

/** Doc 2: schema, then every rule of the detected variant. */
export function validateShipmentRequest(
  input: unknown,
  ctx: Omit<ValidationContext, "operation"> & { operation?: "create" } = {}
): Validated<ShipmentRequest> {
  return validateShipmentLike<ShipmentRequest>(shipmentRequestSchema, input, {
    ...ctx,
    operation: "create",
  })
}

/** Doc 4: documents dropped, serviceId optional. */
export function validateRatesRequest(
  input: unknown,
  ctx: Omit<ValidationContext, "operation"> & { operation?: "rates" } = {}
): Validated<RatesRequest> {
  return validateShipmentLike<RatesRequest>(ratesRequestSchema, input, {
    ...ctx,
    operation: "rates",
  })
}

export function validateManifestRequest(
  input: unknown,
  ctx: ManifestContext = {}
): Checked<ManifestRequest> {
  const parsed = manifestRequestSchema.safeParse(input, { reportInput: true })
  const violations = parsed.success
    ? []
    : violationsFromZod(parsed.error, MANIFEST_RESOURCES)
  const draft = parsed.success
    ? parsed.data
    : isObject(input)
      ? input
      : undefined
  if (draft)
    violations.push(...MANIFEST_RULES.flatMap((rule) => rule.check(draft, ctx)))
  const all = dedupe(violations)
  return all.length > 0 || !parsed.success
    ? { ok: false, violations: all }
    : { ok: true, value: parsed.data }
}

/** Doc 2 Headers: 1–25 of letters, digits, hyphen, underscore. */
export function validateTransactionId(id: unknown): Checked<string> {
  const parsed = transactionIdSchema.safeParse(id, { reportInput: true })
  if (parsed.success) return { ok: true, value: parsed.data }
  return {
    ok: false,
    violations: violationsFromZod(parsed.error, {
      "": {
        id: "header.X-Vendor-TransactionId",
        source: RETRY_RESOURCES[""].source,
      },
    }).map((v) => ({ ...v, path: "headers.X-Vendor-TransactionId" })),
  }
}
