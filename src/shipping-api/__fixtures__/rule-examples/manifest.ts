import type { ManifestContext } from "../../rules/manifest"
import type { ValueExamples } from "./field-rules"

/** Whole bodies of POST /v1/manifests. */
const MANIFEST_EXAMPLE = {
  carrier: "POSTAL",
  submissionDate: "2026-03-02",
  parcelTrackingNumbers: ["9405511899223197428490"],
  parameters: [{ name: "SHIPPER_ID", value: "9024324" }],
}

export const MANIFEST_RULE_EXAMPLES: Record<
  string,
  ValueExamples<{ body: unknown; ctx?: ManifestContext }>
> = {
  "manifest.carrier.known": {
    pass: [
      { body: MANIFEST_EXAMPLE },
      {
        body: { ...MANIFEST_EXAMPLE, carrier: "USPS" },
        ctx: { carrierCodes: { POSTAL: "USPS" } },
      },
    ],
    fail: [
      { body: { ...MANIFEST_EXAMPLE, carrier: "OTHER" } },
      { body: MANIFEST_EXAMPLE, ctx: { carrierCodes: { POSTAL: "USPS" } } },
    ],
  },
}
