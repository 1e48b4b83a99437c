import { LIMITS } from "../../constants"
import {
  examplesOf,
  SERVICE_STATE_RULE_EXAMPLES,
} from "../../__fixtures__/rule-examples"
import {
  reprintLimitRule,
  SERVICE_STATE_RULES,
  transactionIdUniqueRule,
  webhookConfigLimitRule,
} from "../service-state"

type AnyRule = {
  id: string
  code: string
  status: number
  source: string
  refusal(f: unknown): unknown
}
const rules = SERVICE_STATE_RULES as readonly AnyRule[]

it("every state rule has examples, and every example names a state rule", () => {
  expect(Object.keys(SERVICE_STATE_RULE_EXAMPLES).sort()).toEqual(
    rules.map((r) => r.id).sort()
  )
})

describe.each(rules.map((r) => [r.id, r] as const))(
  "state rule %s",
  (_id, rule) => {
    const examples = examplesOf(SERVICE_STATE_RULE_EXAMPLES, rule.id)
    it("has at least one passing and one failing example", () => {
      expect(examples.pass.length).toBeGreaterThan(0)
      expect(examples.fail.length).toBeGreaterThan(0)
    })
    it.each(examples.pass.map((e, i) => [i, e] as const))(
      "passes example %i",
      (_i, e) => {
        expect(rule.refusal(e)).toBeUndefined()
      }
    )
    it.each(examples.fail.map((e, i) => [i, e] as const))(
      "refuses example %i with its code and source",
      (_i, e) => {
        expect(rule.refusal(e)).toEqual({
          rule: rule.id,
          code: rule.code,
          status: rule.status,
          source: rule.source,
          message: expect.any(String),
        })
      }
    )
  }
)

describe("the limits come from the documents' table (constants.ts)", () => {
  it("20 configurations, 3 reprints, one label per transaction id", () => {
    expect(
      webhookConfigLimitRule.refusal({
        configurations: LIMITS.webhookConfigurations - 1,
      })
    ).toBeUndefined()
    expect(
      webhookConfigLimitRule.refusal({ configurations: 20 })?.message
    ).toMatch(/at most 20 webhook configurations/)
    expect(
      reprintLimitRule.refusal({ shipmentId: "S", reprints: 3 })
    ).toMatchObject({ code: "REPRINT_LIMIT_EXCEEDED" })
    expect(
      transactionIdUniqueRule.refusal({ transactionId: "T", alreadyUsed: true })
    ).toMatchObject({ code: "DUPLICATE_TRANSACTION_ID" })
  })
})
