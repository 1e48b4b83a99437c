import { VARIANTS } from "../../constants"
import {
  baseRequest,
  examplesOf,
  MANIFEST_RULE_EXAMPLES,
  SHIPMENT_RULE_EXAMPLES,
  type RuleExample,
} from "../../__fixtures__/rule-examples"
import { withCrossBorderAttention } from "../cross-border"
import {
  MANIFEST_RULES,
  SHIPMENT_RULES,
  validateManifestRequest,
  validateRatesRequest,
  validateShipmentRequest,
  type ShipmentRule,
  type ValidationContext,
} from ".."

function exampleOf(rule: ShipmentRule, example: RuleExample) {
  const shipment = baseRequest(example.base ?? rule.variants[0])
  example.edit?.(shipment)
  const ctx: ValidationContext = { operation: "create", ...example.ctx }
  const result =
    ctx.operation === "rates"
      ? validateRatesRequest(shipment, ctx)
      : validateShipmentRequest(shipment, ctx)
  return { shipment, ctx, result }
}

const named = (examples: readonly RuleExample[]) =>
  examples.map((e) => [e.note, e] as const)

describe("the rule list", () => {
  const ids = SHIPMENT_RULES.map((r) => r.id)
  it("has unique ids, sources and descriptions", () => {
    expect(new Set(ids).size).toBe(ids.length)
    for (const rule of SHIPMENT_RULES) {
      expect(rule.source).toMatch(/^(doc \d, |ours)/)
      expect(rule.description.length).toBeGreaterThan(10)
      expect(rule.variants.length).toBeGreaterThan(0)
    }
  })

  it("has examples for rules that exist, and only for them", () => {
    expect(Object.keys(SHIPMENT_RULE_EXAMPLES).sort()).toEqual([...ids].sort())
    expect(Object.keys(MANIFEST_RULE_EXAMPLES)).toEqual(
      MANIFEST_RULES.map((r) => r.id)
    )
  })

  it.each(VARIANTS)(
    "accepts the %s base request for create and rates",
    (variant) => {
      expect(validateShipmentRequest(baseRequest(variant))).toMatchObject({
        ok: true,
        variant,
      })
      expect(validateRatesRequest(baseRequest(variant))).toMatchObject({
        ok: true,
        variant,
      })
    }
  )
})

describe.each(SHIPMENT_RULES.map((r) => [r.id, r] as const))(
  "rule %s",
  (_id, rule) => {
    const examples = examplesOf(SHIPMENT_RULE_EXAMPLES, rule.id)
    it("has at least one passing and one failing example", () => {
      expect(examples.pass.length).toBeGreaterThan(0)
      expect(examples.fail.length).toBeGreaterThan(0)
    })

    if (examples.pass.length > 0) {
      it.each(named(examples.pass))("passes: %s", (_note, example) => {
        const { shipment, ctx, result } = exampleOf(rule, example)
        // The whole request is valid, not only this rule: rules must not contradict each other.
        expect(result.ok ? [] : result.violations).toEqual([])
        expect(result.warnings.filter((w) => w.rule === rule.id)).toEqual([])
        const variant = example.base ?? rule.variants[0]
        expect(rule.check(shipment, { ...ctx, variant })).toEqual([])
      })
    }

    if (examples.fail.length > 0 && rule.severity === "error") {
      it.each(named(examples.fail))("fails: %s", (_note, example) => {
        const { result } = exampleOf(rule, example)
        expect(result.ok).toBe(false)
        const mine = result.ok
          ? []
          : result.violations.filter((v) => v.rule === rule.id)
        expect(mine.length).toBeGreaterThan(0)
        for (const v of mine) {
          expect(v.source).toBe(rule.source)
          expect(v.message).not.toBe("")
        }
        expect(result.warnings.filter((w) => w.rule === rule.id)).toEqual([])
      })
    }

    if (examples.fail.length > 0 && rule.severity === "warning") {
      it.each(named(examples.fail))(
        "warns, and the request stays valid: %s",
        (_note, example) => {
          const { result } = exampleOf(rule, example)
          expect(result.ok ? [] : result.violations).toEqual([])
          const mine = result.warnings.filter((w) => w.rule === rule.id)
          expect(mine.length).toBeGreaterThan(0)
          for (const w of mine) {
            expect(w.source).toBe(rule.source)
            expect(w.message).not.toBe("")
          }
        }
      )
    }
  }
)

describe("what the service keeps of a valid request", () => {
  it("standard references are renamed by position (doc 2: other names are rewritten), for create and rates", () => {
    const shipment = baseRequest("standard")
    shipment.references = [
      { name: "OrderId", value: "A" },
      { name: "AddlRef1", value: "B" },
      { name: "Note", value: "C" },
    ]
    for (const result of [
      validateShipmentRequest(shipment),
      validateRatesRequest(shipment),
    ]) {
      expect(result.ok && result.value.references).toEqual([
        { name: "ReferenceNumber", value: "A" },
        { name: "AddlRef1", value: "B" },
        { name: "AddlRef2", value: "C" },
      ])
    }
    expect(
      validateShipmentRequest(shipment).warnings.map((w) => w.path)
    ).toEqual(["references[0].name", "references[2].name"])
  })

  it("other variants keep their references as sent", () => {
    const shipment = baseRequest("cross-border")
    shipment.references = [{ name: "ORDER_NUMBER", value: "1042" }]
    const result = validateShipmentRequest(shipment)
    expect(result.ok && result.value.references).toEqual([
      { name: "ORDER_NUMBER", value: "1042" },
    ])
  })
})

describe("withCrossBorderAttention (doc 2: address line 1 carries the attention text)", () => {
  it("puts the text first, keeps at most three lines and never adds it twice", () => {
    expect(withCrossBorderAttention(["27 Waterview Dr"])).toEqual([
      "Attn: Cross-Border",
      "27 Waterview Dr",
    ])
    expect(
      withCrossBorderAttention(["Unit 4", "27 Waterview Dr", "Building B"])
    ).toEqual(["Attn: Cross-Border", "Unit 4", "27 Waterview Dr, Building B"])
    expect(
      withCrossBorderAttention(["ATTN: cross-border", "27 Waterview Dr"])
    ).toEqual(["ATTN: cross-border", "27 Waterview Dr"])
    expect(withCrossBorderAttention([])).toEqual(["Attn: Cross-Border"])
  })
})

describe.each(MANIFEST_RULES.map((r) => [r.id, r] as const))(
  "manifest rule %s",
  (_id, rule) => {
    const examples = examplesOf(MANIFEST_RULE_EXAMPLES, rule.id)
    it("has at least one passing and one failing example", () => {
      expect(examples.pass.length).toBeGreaterThan(0)
      expect(examples.fail.length).toBeGreaterThan(0)
    })
    it.each(examples.pass.map((e, i) => [i, e] as const))(
      "passes example %i",
      (_i, e) => {
        expect(validateManifestRequest(e.body, e.ctx)).toMatchObject({
          ok: true,
        })
      }
    )
    it.each(examples.fail.map((e, i) => [i, e] as const))(
      "fails example %i",
      (_i, e) => {
        const result = validateManifestRequest(e.body, e.ctx)
        expect(result.ok ? [] : result.violations.map((v) => v.rule)).toContain(
          rule.id
        )
      }
    )
  }
)
