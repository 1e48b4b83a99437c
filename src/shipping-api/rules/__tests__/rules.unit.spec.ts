import { VARIANTS } from "../../constants"
import {
  baseRequest,
  MANIFEST_RULES,
  SHIPMENT_RULES,
  validateManifestRequest,
  validateRatesRequest,
  validateShipmentRequest,
  type RuleExample,
  type ShipmentRule,
  type ValidationContext,
} from ".."

function exampleOf(rule: ShipmentRule, example: RuleExample) {
  const shipment = baseRequest(example.base ?? rule.variants[0])
  example.edit?.(shipment)
  const ctx: ValidationContext = { operation: "create", ...example.ctx }
  const result = ctx.operation === "rates" ? validateRatesRequest(shipment, ctx) : validateShipmentRequest(shipment, ctx)
  return { shipment, ctx, result }
}

const named = (examples: readonly RuleExample[]) => examples.map((e) => [e.note, e] as const)

describe("the rule list", () => {
  it("has unique ids, sources and descriptions", () => {
    const ids = SHIPMENT_RULES.map((r) => r.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const rule of SHIPMENT_RULES) {
      expect(rule.source).toMatch(/^(doc \d, |ours)/)
      expect(rule.description.length).toBeGreaterThan(10)
      expect(rule.variants.length).toBeGreaterThan(0)
    }
  })

  it.each(VARIANTS)("accepts the %s base request for create and rates", (variant) => {
    expect(validateShipmentRequest(baseRequest(variant))).toMatchObject({ ok: true, variant })
    expect(validateRatesRequest(baseRequest(variant))).toMatchObject({ ok: true, variant })
  })
})

describe.each(SHIPMENT_RULES.map((r) => [r.id, r] as const))("rule %s", (_id, rule) => {
  it("has at least one passing and one failing example", () => {
    expect(rule.examples.pass.length).toBeGreaterThan(0)
    expect(rule.examples.fail.length).toBeGreaterThan(0)
  })

  if (rule.examples.pass.length > 0) {
    it.each(named(rule.examples.pass))("passes: %s", (_note, example) => {
      const { shipment, ctx, result } = exampleOf(rule, example)
      // The whole request is valid, not only this rule: rules must not contradict each other.
      expect(result.ok ? [] : result.violations).toEqual([])
      const variant = example.base ?? rule.variants[0]
      expect(rule.check(shipment, { ...ctx, variant })).toEqual([])
    })
  }

  if (rule.examples.fail.length > 0) {
    it.each(named(rule.examples.fail))("fails: %s", (_note, example) => {
      const { result } = exampleOf(rule, example)
      expect(result.ok).toBe(false)
      const mine = result.ok ? [] : result.violations.filter((v) => v.rule === rule.id)
      expect(mine.length).toBeGreaterThan(0)
      for (const v of mine) {
        expect(v.source).toBe(rule.source)
        expect(v.message).not.toBe("")
      }
    })
  }
})

describe.each(MANIFEST_RULES.map((r) => [r.id, r] as const))("manifest rule %s", (_id, rule) => {
  it.each(rule.examples.pass.map((e, i) => [i, e] as const))("passes example %i", (_i, e) => {
    expect(validateManifestRequest(e.body, e.ctx)).toMatchObject({ ok: true })
  })
  it.each(rule.examples.fail.map((e, i) => [i, e] as const))("fails example %i", (_i, e) => {
    const result = validateManifestRequest(e.body, e.ctx)
    expect(result.ok ? [] : result.violations.map((v) => v.rule)).toContain(rule.id)
  })
})
