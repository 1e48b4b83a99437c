import type { Carrier, Variant } from "../constants"
import type { ShipmentRequest } from "../schemas/shipment"
import type { Violation } from "../violation"

export type Operation = "create" | "rates"

/** Wire value of each neutral carrier id, when the service uses other codes (options.carrierCodes). */
export type CarrierCodes = Partial<Record<Carrier, string>>

export type ValidationContext = {
  operation: Operation
  /**
   * The operation's query string as it is (or will be) sent. Rules about query parameters run
   * only when it is given: a body can be checked on its own.
   */
  query?: Readonly<Record<string, string | undefined>>
  carrierCodes?: CarrierCodes
  /** Standard delivery sent through {apac_url}. */
  apac?: boolean
  /** The regional carrier value the {apac_url} query must carry, when known. */
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

/**
 * What a rule reads: the parsed request, or the raw one when the schema rejected some field.
 * Everything may be missing; a rule reads through rules/read.ts and never trusts a type.
 */
export type ShipmentDraft = Draft<ShipmentRequest>

export type ShipmentRule = {
  id: string
  source: string
  description: string
  /**
   * "warning": the documents allow what the rule finds but the service will not do what the
   * request seems to ask (e.g. a text it does not print). Reported apart; the request is valid.
   */
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
