import { LIMITS, SERVICE_ERROR_CODE } from "../constants"
import { SOURCE } from "../schemas/common"

/**
 * Rules the service applies with what it remembers (earlier labels, reprints, configurations),
 * which a request alone cannot show. They live here, beside the request rules, so that the
 * sandbox answers as the service would and the plugin can refuse before asking (as with
 * rules/void.ts). Each refusal carries the error code the sandbox answers with.
 */

export type StateRefusal = { rule: string; code: string; message: string; source: string }

export type StateRule<Facts> = {
  id: string
  code: string
  source: string
  description: string
  refusal(facts: Facts): StateRefusal | undefined
  examples: { pass: readonly Facts[]; fail: readonly Facts[] }
}

function stateRule<Facts>(def: Omit<StateRule<Facts>, "refusal"> & { test(facts: Facts): string | undefined }): StateRule<Facts> {
  const { test, ...rest } = def
  return {
    ...rest,
    refusal(facts) {
      const message = test(facts)
      return message === undefined ? undefined : { rule: def.id, code: def.code, message, source: def.source }
    },
  }
}

const GAPS = "doc 4, Other gaps"

export const webhookConfigLimitRule = stateRule<{ configurations: number }>({
  id: "webhook-config.per-account-limit",
  code: SERVICE_ERROR_CODE.webhookConfigLimit,
  source: `${GAPS} (ours)`,
  description: `an account has at most ${LIMITS.webhookConfigurations} webhook configurations: the next create is refused (400)`,
  test: ({ configurations }) =>
    configurations >= LIMITS.webhookConfigurations
      ? `an account has at most ${LIMITS.webhookConfigurations} webhook configurations; delete one first`
      : undefined,
  examples: { pass: [{ configurations: 0 }, { configurations: LIMITS.webhookConfigurations - 1 }], fail: [{ configurations: LIMITS.webhookConfigurations }] },
})

export const transactionIdUniqueRule = stateRule<{ transactionId: string; alreadyUsed: boolean }>({
  id: "header.X-Vendor-TransactionId.unique",
  code: SERVICE_ERROR_CODE.duplicateTransactionId,
  source: SOURCE.headers,
  description: "X-Vendor-TransactionId is unique: an id that already made a label makes no second one (use the retry operation to get it)",
  test: ({ transactionId, alreadyUsed }) =>
    alreadyUsed ? `transaction id ${transactionId} was already used for a shipment; use the retry operation to get it` : undefined,
  examples: { pass: [{ transactionId: "T-1", alreadyUsed: false }], fail: [{ transactionId: "T-1", alreadyUsed: true }] },
})

export const reprintLimitRule = stateRule<{ shipmentId: string; reprints: number }>({
  id: "reprint.limit",
  code: SERVICE_ERROR_CODE.reprintLimit,
  source: "doc 4, Create shipment: success and the 500 rule (reprint)",
  description: `a shipment is reprinted at most ${LIMITS.reprints} times`,
  test: ({ shipmentId, reprints }) =>
    reprints >= LIMITS.reprints ? `shipment ${shipmentId} was already reprinted ${LIMITS.reprints} times` : undefined,
  examples: { pass: [{ shipmentId: "S-1", reprints: LIMITS.reprints - 1 }], fail: [{ shipmentId: "S-1", reprints: LIMITS.reprints }] },
})

/** Every state rule, for the rules page and the tests that walk the examples. */
export const SERVICE_STATE_RULES = [webhookConfigLimitRule, transactionIdUniqueRule, reprintLimitRule] as const
