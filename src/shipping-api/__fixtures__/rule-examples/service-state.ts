import { LIMITS } from "../../constants"
import type { ValueExamples } from "./field-rules"

const HOURS = 60 * 60 * 1000

/** Facts the service remembers, per state rule (the sandbox's SERVICE_STATE_RULES). */
export const SERVICE_STATE_RULE_EXAMPLES: Record<
  string,
  ValueExamples<object>
> = {
  "webhook-config.per-account-limit": {
    pass: [
      { configurations: 0 },
      { configurations: LIMITS.webhookConfigurations - 1 },
    ],
    fail: [{ configurations: LIMITS.webhookConfigurations }],
  },
  "header.X-Vendor-TransactionId.unique": {
    pass: [{ transactionId: "T-1", alreadyUsed: false }],
    fail: [{ transactionId: "T-1", alreadyUsed: true }],
  },
  "reprint.limit": {
    pass: [{ shipmentId: "S-1", reprints: LIMITS.reprints - 1 }],
    fail: [{ shipmentId: "S-1", reprints: LIMITS.reprints }],
  },
  "retry.window": {
    pass: [{ transactionId: "T-1", createdAt: 0, now: 24 * HOURS }],
    fail: [{ transactionId: "T-1", createdAt: 0, now: 24 * HOURS + 1 }],
  },
  "shipment.voided": {
    pass: [{ shipmentId: "S-1", voided: false, operation: "reprint" }],
    fail: [{ shipmentId: "S-1", voided: true, operation: "manifest" }],
  },
  "manifest.add-to-manifest": {
    pass: [{ trackingNumber: "9400", addToManifest: true }],
    fail: [{ trackingNumber: "9400", addToManifest: false }],
  },
  "manifest.letters-flats": {
    pass: [
      { trackingNumber: "9400", carrier: "POSTAL", parcelType: "PKG" },
      { trackingNumber: "9400", carrier: "STANDARD", parcelType: "FLAT" },
    ],
    fail: [{ trackingNumber: "9400", carrier: "POSTAL", parcelType: "FLAT" }],
  },
  "manifest.once": {
    pass: [{ trackingNumber: "9400" }],
    fail: [{ trackingNumber: "9400", manifestId: "M-1" }],
  },
}
