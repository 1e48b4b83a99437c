import { SOURCE } from "../schemas/common"
import type { Violation } from "../violation"
import type { CarrierCodes } from "./types"
import { neutralCarrier } from "./variant"

export type ManifestContext = { carrierCodes?: CarrierCodes }

type ManifestDraft = { carrier?: unknown }

export type ManifestRule = {
  id: string
  source: string
  description: string
  check(manifest: ManifestDraft, ctx: ManifestContext): Violation[]
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
}

export const MANIFEST_RULES: readonly ManifestRule[] = [manifestCarrierRule]
