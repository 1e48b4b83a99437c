import {
  ShippingUnexpectedResponseError,
  ShippingValidationError,
} from "../errors"
import type { Violation } from "../violation"
import type { z } from "../zod"
import { neutralCarriers, type CarrierMappable } from "./carrier-codes"
import type { CarrierCodes } from "../rules/types"

// A builder's refusal becomes ShippingValidationError (nothing sent); an ill-fitting answer names
// fields, never values.

export type Built<R> =
  ({ ok: true } & R) | { ok: false; violations: Violation[] }

export function unwrap<R extends CarrierMappable>(
  built: Built<R>,
  operation: string,
  transactionId?: string
): R {
  if (!built.ok)
    throw new ShippingValidationError({
      operation,
      violations: built.violations,
      transactionId,
    })
  const { ok: _ok, ...request } = built
  return request as unknown as R
}

export function parseAnswer<S extends z.ZodType>(
  schema: S,
  body: unknown,
  context: {
    operation: string
    status: number
    transactionId?: string
    carrierCodes: CarrierCodes
  }
): z.output<S> {
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    const fields = [
      ...new Set(parsed.error.issues.map((i) => i.path.join(".") || "(body)")),
    ]
    throw new ShippingUnexpectedResponseError({
      operation: context.operation,
      status: context.status,
      transactionId: context.transactionId,
      messages: fields.map((f) => `${f} does not match the documented shape`),
    })
  }
  return neutralCarriers(parsed.data, context.carrierCodes)
}
