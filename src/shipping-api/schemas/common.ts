import { z } from "../zod"
import { LIMITS, TRANSACTION_ID_PATTERN } from "../constants"
import type { Violation } from "../violation"

// Field rules carry their id and source in the zod issue's params, so an issue becomes a Violation
// without a lookup.

export const SOURCE = {
  shipment: "doc 2, Shipment object",
  address: "doc 2, Address",
  parcel: "doc 2, Parcel",
  rates: "doc 2, Rates",
  services: "doc 2, Rates (service identifiers)",
  document: "doc 2, Document",
  shipmentOptions: "doc 2, Shipment options",
  customsInfo: "doc 2, Customs Info",
  customsItem: "doc 2, Customs Item",
  domesticShipmentDetails: "doc 2, Domestic shipment details",
  references: "doc 2, Standard delivery references",
  hazmatDetails: "doc 2, Hazmat details",
  variants: "doc 2, What the service does",
  perVariant: "doc 2, Required content per variant",
  solutions: "doc 2, Cross-border delivery solutions",
  documentsOmitted: "doc 2, When documents is omitted",
  query: "doc 2, POST /v1/shipments query parameters",
  headers: "doc 2, POST /v1/shipments headers",
  events: "doc 2, Events",
  errors: "doc 2, Errors",
  limits: "doc 2, Limits",
  rates4: "doc 4, Rates",
  void: "doc 4, Void (cancel) a shipment",
  manifest: "doc 4, Manifest (close-out / scan form)",
  retry: "doc 4, Create shipment: success and the 500 rule",
  ours: "ours (docs/shipment-rules.md)",
} as const

export type FieldRule<T = unknown> = {
  /** `<resource>.<field>.<what>`, field names as the documents spell them. */
  id: string
  source: string
  /** Also the violation's message: say what is expected. */
  description: string
  test: (value: T) => boolean
}

const registry = new Map<string, FieldRule<never>>()

/** Filled as the schema modules load. */
export const FIELD_RULES: ReadonlyMap<string, FieldRule<never>> = registry

/** For a builder that decides before a whole request exists (e.g. the plugin's customs). */
export function fieldRuleViolations(
  id: string,
  value: unknown,
  path: string
): Violation[] {
  const rule = registry.get(id)
  if (!rule) throw new Error(`field rule ${id} is not defined`)
  return rule.test(value as never)
    ? []
    : [{ path, rule: rule.id, message: rule.description, source: rule.source }]
}

/** Registers the rule once. */
export function fieldRule<T>(rule: FieldRule<T>): z.core.$ZodCheck<T> {
  if (registry.has(rule.id)) {
    throw new Error(`field rule ${rule.id} is defined twice`)
  }
  registry.set(rule.id, rule as unknown as FieldRule<never>)
  return z.refine<T>((value) => rule.test(value), {
    error: rule.description,
    params: { rule: rule.id, source: rule.source },
  })
}

export function maxLength(
  id: string,
  source: string,
  max: number
): z.core.$ZodCheck<string> {
  return fieldRule<string>({
    id,
    source,
    description: `has at most ${max} characters`,
    test: (v) => v.length <= max,
  })
}

export function nonEmpty(id: string, source: string): z.core.$ZodCheck<string> {
  return fieldRule<string>({
    id,
    source,
    description: "must not be empty",
    test: (v) => v.trim().length > 0,
  })
}

export function positive(id: string, source: string): z.core.$ZodCheck<number> {
  return fieldRule<number>({
    id,
    source,
    description: "must be greater than 0",
    test: (v) => v > 0,
  })
}

export function notNegative(
  id: string,
  source: string
): z.core.$ZodCheck<number> {
  return fieldRule<number>({
    id,
    source,
    description: "must not be negative",
    test: (v) => v >= 0,
  })
}

/** For units the documents show in several spellings. */
export function oneOfAnyCase(
  id: string,
  source: string,
  values: readonly string[]
): z.core.$ZodCheck<string> {
  const upper = values.map((v) => v.toUpperCase())
  return fieldRule<string>({
    id,
    source,
    description: `must be one of ${values.join(", ")} (any case)`,
    test: (v) => upper.includes(v.toUpperCase()),
  })
}

export function countryCode(id: string, source: string) {
  return z.string().check(
    fieldRule<string>({
      id,
      source,
      description: "must be a two-letter ISO 3166-1 country code in upper case",
      test: (v) => /^[A-Z]{2}$/.test(v),
    })
  )
}

export function currencyCode(id: string, source: string) {
  return z.string().check(
    fieldRule<string>({
      id,
      source,
      description: "must be an ISO 4217 code: three upper-case letters",
      test: (v) => /^[A-Z]{3}$/.test(v),
    })
  )
}

export const nameValueSchema = z.object({ name: z.string(), value: z.string() })
export type NameValue = z.output<typeof nameValueSchema>

/** Doc 2 Headers: unique, 1–25 of letters, digits, hyphen, underscore. */
export const transactionIdSchema = z.string().check(
  fieldRule<string>({
    id: "header.X-Vendor-TransactionId.format",
    source: SOURCE.headers,
    description: `must be 1 to ${LIMITS.transactionIdLength} letters, digits, hyphens or underscores`,
    test: (v) => TRANSACTION_ID_PATTERN.test(v),
  })
)

// A response is never rejected for nulls as absent values, numbers as strings or strings as numbers.

const nullAsAbsent = (v: unknown) => (v === null ? undefined : v)

export const respString = z.preprocess(
  (v) =>
    typeof v === "number" || typeof v === "boolean"
      ? String(v)
      : nullAsAbsent(v),
  z.string().optional()
)

export const respNumber = z.preprocess((v) => {
  if (v === null || v === "") return undefined
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)))
    return Number(v)
  return v
}, z.number().optional())

export const respBoolean = z.preprocess((v) => {
  if (v === null) return undefined
  if (typeof v === "string" && /^(true|false)$/i.test(v))
    return v.toLowerCase() === "true"
  return v
}, z.boolean().optional())

export function respArray<T extends z.ZodType>(item: T) {
  return z.preprocess(nullAsAbsent, z.array(item).optional())
}

export function respObject<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.preprocess(nullAsAbsent, z.looseObject(shape).optional())
}

export const respNameValue = z.looseObject({
  name: respString,
  value: respString,
})

/** Doc 4: reprint and void. */
export const shipmentIdSchema = z
  .string()
  .check(nonEmpty("shipment.shipmentId.not-empty", SOURCE.retry))

/** Doc 4: retry, reprint and void; a wire value. */
export const carrierQuerySchema = z
  .string()
  .check(nonEmpty("query.carrier.not-empty", SOURCE.retry))
