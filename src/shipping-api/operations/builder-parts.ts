import { HEADER } from "../constants"
import {
  neutralCarrier,
  validateTransactionId,
  violationsFromZod,
  type CarrierCodes,
  type RETRY_RESOURCES,
} from "../rules"
import type { Violation } from "../violation"
import type { z } from "../zod"
import type { OperationRequest } from "../client/request"
import type { Variant } from "../constants"

export const SHIPMENT_PATHS = {
  shipments: "/v1/shipments",
  rates: "/v1/rates",
  manifests: "/v1/manifests",
} as const

export const JSON_BODY = { "Content-Type": "application/json" }
export const UNIFIED_ERRORS = { [HEADER.unifiedErrorStructure]: "true" }

export function headers(
  all: Record<string, string | undefined>
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(all).filter(
      (e): e is [string, string] => e[1] !== undefined && e[1] !== ""
    )
  )
}

/** A carrier given either as a neutral id or as a mapped wire code. */
export function asNeutral(value: unknown, codes?: CarrierCodes): unknown {
  if (typeof value !== "string") return value
  return neutralCarrier(value, codes) ?? value
}

export function transactionIdViolations(id: unknown): Violation[] {
  const checked = validateTransactionId(id)
  return checked.ok ? [] : checked.violations
}

export function failIf(
  violations: Violation[]
): { ok: false; violations: Violation[] } | undefined {
  return violations.length > 0 ? { ok: false, violations } : undefined
}

export function checkWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  table: typeof RETRY_RESOURCES
): Parsed<z.output<S>> {
  const parsed = schema.safeParse(value, { reportInput: true })
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, violations: violationsFromZod(parsed.error, table) }
}

/** `warnings`: the request is valid and sent, but the service will not do what those parts seem to ask. */
export type Built =
  | ({ ok: true; variant?: Variant; warnings?: Violation[] } & OperationRequest)
  | { ok: false; violations: Violation[] }
export type Parsed<T> =
  { ok: true; value: T } | { ok: false; violations: Violation[] }
