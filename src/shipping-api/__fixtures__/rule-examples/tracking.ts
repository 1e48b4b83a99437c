import {
  PACKAGE_IDENTIFIER_TYPE,
  type TrackingRequestDraft,
} from "../../operations/tracking"
import type { ValueExamples } from "./field-rules"

const QUERY = { packageIdentifierType: PACKAGE_IDENTIFIER_TYPE }

export const TRACKING_RULE_EXAMPLES: Record<
  string,
  ValueExamples<TrackingRequestDraft>
> = {
  "tracking.identifier.not-empty": {
    pass: [{ identifier: "9400", query: QUERY }],
    fail: [{ identifier: " ", query: QUERY }],
  },
  "tracking.query.packageIdentifierType": {
    pass: [{ identifier: "9400", query: QUERY }],
    fail: [
      { identifier: "9400", query: {} },
      { identifier: "9400", query: { packageIdentifierType: "ImpbBarcode" } },
    ],
  },
  "tracking.query.carrier": {
    pass: [
      {
        identifier: "9400",
        query: { ...QUERY, carrier: "STANDARD" },
        parcelCarrier: "STANDARD",
      },
      {
        identifier: "9400",
        query: { ...QUERY, carrier: "NGS" },
        parcelCarrier: "STANDARD",
        carrierCodes: { STANDARD: "NGS" },
      },
      { identifier: "9400", query: QUERY, parcelCarrier: "POSTAL" },
    ],
    fail: [
      { identifier: "9400", query: QUERY, parcelCarrier: "STANDARD" },
      {
        identifier: "9400",
        query: { ...QUERY, carrier: "STANDARD" },
        parcelCarrier: "STANDARD",
        carrierCodes: { STANDARD: "NGS" },
      },
    ],
  },
}
