import { SOURCE } from "../schemas/common"
import type { Violation } from "../violation"
import type { CarrierCodes } from "./types"
import { neutralCarrier } from "./variant"

export type ManifestContext = { carrierCodes?: CarrierCodes }

type ManifestDraft = { carrier?: unknown }

/** A manifest rule reads the body of POST /v1/manifests; examples are whole bodies. */
export type ManifestRule = {
  id: string
  source: string
  description: string
  check(manifest: ManifestDraft, ctx: ManifestContext): Violation[]
  examples: {
    pass: readonly { body: unknown; ctx?: ManifestContext }[]
    fail: readonly { body: unknown; ctx?: ManifestContext }[]
  }
}

export const MANIFEST_EXAMPLE = {
  carrier: "POSTAL",
  submissionDate: "2026-03-02",
  parcelTrackingNumbers: ["9405511899223197428490"],
  parameters: [{ name: "SHIPPER_ID", value: "9024324" }],
}

export const manifestCarrierRule: ManifestRule = {
  id: "manifest.carrier.known",
  source: SOURCE.manifest,
  description:
    "the manifest's carrier is a known carrier (its wire code when mapped)",
  check(manifest, ctx) {
    return neutralCarrier(manifest.carrier, ctx.carrierCodes)
      ? []
      : [
          {
            path: "carrier",
            rule: this.id,
            source: this.source,
            message: `"${String(manifest.carrier)}" is not a known carrier`,
          },
        ]
  },
  examples: {
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

export const MANIFEST_RULES: readonly ManifestRule[] = [manifestCarrierRule]
