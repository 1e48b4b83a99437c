import {
  LETTER_FLAT_PARCEL_TYPES,
  LIMITS,
  SERVICE_ERROR_CODE,
  type Carrier,
} from "../constants"
import { SOURCE } from "../schemas/common"

// What the service checks against what it remembers, so the sandbox answers as it would and the
// plugin can refuse first.

export type StateRefusal = {
  rule: string
  code: string
  status: number
  message: string
  source: string
}

export type StateRule<Facts> = {
  id: string
  code: string
  /** 404 when the service answers as if nothing were there. */
  status: number
  source: string
  description: string
  refusal(facts: Facts): StateRefusal | undefined
}

function stateRule<Facts>(
  def: Omit<StateRule<Facts>, "refusal" | "status"> & {
    status?: number
    test(facts: Facts): string | undefined
  }
): StateRule<Facts> {
  const { test, ...rest } = def
  const status = def.status ?? 400
  return {
    ...rest,
    status,
    refusal(facts) {
      const message = test(facts)
      return message === undefined
        ? undefined
        : { rule: def.id, code: def.code, status, message, source: def.source }
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
})

export const transactionIdUniqueRule = stateRule<{
  transactionId: string
  alreadyUsed: boolean
}>({
  id: "header.X-Vendor-TransactionId.unique",
  code: SERVICE_ERROR_CODE.duplicateTransactionId,
  source: SOURCE.headers,
  description:
    "X-Vendor-TransactionId is unique: an id that already made a label makes no second one (use the retry operation to get it)",
  test: ({ transactionId, alreadyUsed }) =>
    alreadyUsed
      ? `transaction id ${transactionId} was already used for a shipment; use the retry operation to get it`
      : undefined,
})

export const reprintLimitRule = stateRule<{
  shipmentId: string
  reprints: number
}>({
  id: "reprint.limit",
  code: SERVICE_ERROR_CODE.reprintLimit,
  source: "doc 4, Create shipment: success and the 500 rule (reprint)",
  description: `a shipment is reprinted at most ${LIMITS.reprints} times`,
  test: ({ shipmentId, reprints }) =>
    reprints >= LIMITS.reprints
      ? `shipment ${shipmentId} was already reprinted ${LIMITS.reprints} times`
      : undefined,
})

const HOURS = 60 * 60 * 1000

export const retryWindowRule = stateRule<{
  transactionId: string
  createdAt: number
  now: number
}>({
  id: "retry.window",
  code: SERVICE_ERROR_CODE.shipmentNotFound,
  status: 404,
  source: SOURCE.retry,
  description:
    "the retry operation works for 24 hours: an older create is answered as not found",
  test: ({ transactionId, createdAt, now }) =>
    now - createdAt > 24 * HOURS
      ? `no shipment was created with transaction id ${transactionId} in the last 24 hours`
      : undefined,
})

export const voidedShipmentRule = stateRule<{
  shipmentId: string
  voided: boolean
  operation: "reprint" | "manifest"
}>({
  id: "shipment.voided",
  code: SERVICE_ERROR_CODE.shipmentVoided,
  source: `${SOURCE.void} (ours)`,
  description: "a voided shipment is neither reprinted nor manifested",
  test: ({ shipmentId, voided, operation }) =>
    voided
      ? `shipment ${shipmentId} was voided; it cannot be ${operation === "reprint" ? "reprinted" : "manifested"}`
      : undefined,
})

export const manifestAddToManifestRule = stateRule<{
  trackingNumber: string
  addToManifest: boolean
}>({
  id: "manifest.add-to-manifest",
  code: SERVICE_ERROR_CODE.notEligibleForManifest,
  source: SOURCE.manifest,
  description:
    "only shipments created with ADD_TO_MANIFEST=true are eligible for a manifest",
  test: ({ trackingNumber, addToManifest }) =>
    addToManifest
      ? undefined
      : `${trackingNumber} was not created with ADD_TO_MANIFEST=true`,
})

export const manifestLettersFlatsRule = stateRule<{
  trackingNumber: string
  carrier: Carrier
  parcelType: string
}>({
  id: "manifest.letters-flats",
  code: SERVICE_ERROR_CODE.notEligibleForManifest,
  source: SOURCE.manifest,
  description: "postal letters and flats are never on a manifest",
  test: ({ trackingNumber, carrier, parcelType }) =>
    carrier === "POSTAL" && LETTER_FLAT_PARCEL_TYPES.includes(parcelType)
      ? `${trackingNumber} is a postal letter or flat; they cannot be added to a scan form`
      : undefined,
})

export const manifestOnceRule = stateRule<{
  trackingNumber: string
  manifestId?: string
}>({
  id: "manifest.once",
  code: SERVICE_ERROR_CODE.alreadyManifested,
  source: `${SOURCE.manifest} (ours)`,
  description: "a shipment is on one manifest only",
  test: ({ trackingNumber, manifestId }) =>
    manifestId
      ? `${trackingNumber} is already on manifest ${manifestId}`
      : undefined,
})

/** Doc 4, Manifest. */
export const MANIFEST_STATE_RULES = [
  manifestLettersFlatsRule,
  manifestAddToManifestRule,
  manifestOnceRule,
] as const

export const SERVICE_STATE_RULES = [
  webhookConfigLimitRule,
  transactionIdUniqueRule,
  retryWindowRule,
  reprintLimitRule,
  voidedShipmentRule,
  manifestAddToManifestRule,
  manifestLettersFlatsRule,
  manifestOnceRule,
] as const
