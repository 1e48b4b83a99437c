import type { Carrier, Variant } from "../constants"
import type { ShipmentRequest } from "../schemas/shipment"
import type { Violation } from "../violation"

export type Operation = "create" | "rates"

/** When the service uses other codes (options.carrierCodes). */
export type CarrierCodes = Partial<Record<Carrier, string>>

export type ValidationContext = {
  operation: Operation
  /** Query rules run only when it is given, so a body can be checked on its own. */
  query?: Readonly<Record<string, string | undefined>>
  carrierCodes?: CarrierCodes
  apac?: boolean
  /** When known. */
  regionalCarrier?: string
  /** Cross-border accounts created before April 2023 with one solution: DELIVERY_SOLUTION optional. */
  legacySingleSolutionAccount?: boolean
}

export type RuleContext = ValidationContext & { variant: Variant }

type Draft<T> = T extends readonly (infer U)[]
  ? Draft<U>[]
  : T extends object
    ? { [K in keyof T]?: Draft<T[K]> }
    : T

/** The raw request when the schema rejected some field: a rule never trusts a type. */
export type ShipmentDraft = Draft<ShipmentRequest>

export type ShipmentRule = {
  id: string
  source: string
  description: string
  /** "warning": allowed, but the service will not do what the request seems to ask. */
  severity: "error" | "warning"
  variants: readonly Variant[]
  operations: readonly Operation[]
  check(shipment: ShipmentDraft, ctx: RuleContext): Violation[]
}

export type Report = (path: string, message: string) => void

export type RuleDefinition = Omit<
  ShipmentRule,
  "check" | "operations" | "severity"
> & {
  /** Default: create only. */
  operations?: readonly Operation[]
  /** Default: error. */
  severity?: ShipmentRule["severity"]
  test(shipment: ShipmentDraft, ctx: RuleContext, report: Report): void
}

export function defineRule(def: RuleDefinition): ShipmentRule {
  const { test, ...rest } = def
  return {
    ...rest,
    operations: def.operations ?? ["create"],
    severity: def.severity ?? "error",
    check(shipment, ctx) {
      const found: Violation[] = []
      test(shipment, ctx, (path, message) =>
        found.push({ path, rule: def.id, message, source: def.source })
      )
      return found
    },
  }
}
