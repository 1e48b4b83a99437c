import { z } from "../zod"
import { SHIPMENT_OPTION } from "../constants"
import {
  fieldRule,
  nameValueSchema,
  nonEmpty,
  respArray,
  respString,
  SOURCE,
} from "./common"

function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false
  const d = new Date(`${v}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v
}

export const manifestRequestSchema = z.object({
  carrier: z
    .string()
    .check(nonEmpty("manifest.carrier.not-empty", SOURCE.manifest)),
  submissionDate: z.string().check(
    fieldRule<string>({
      id: "manifest.submissionDate.format",
      source: SOURCE.manifest,
      description: "must be a calendar date YYYY-MM-DD",
      test: isCalendarDate,
    })
  ),
  parcelTrackingNumbers: z
    .array(
      z
        .string()
        .check(
          nonEmpty("manifest.parcelTrackingNumbers.not-empty", SOURCE.manifest)
        )
    )
    .check(
      fieldRule<readonly string[]>({
        id: "manifest.parcelTrackingNumbers.unique-non-empty-list",
        source: SOURCE.manifest,
        description: "must list at least one tracking number, each once",
        test: (v) => v.length > 0 && new Set(v).size === v.length,
      })
    ),
  parameters: z.array(nameValueSchema).check(
    fieldRule<readonly { name: string; value: string }[]>({
      id: "manifest.parameters.shipper-id",
      source: SOURCE.manifest,
      description: `must hold ${SHIPMENT_OPTION.shipperId} with a value`,
      test: (v) =>
        v.some(
          (p) => p.name === SHIPMENT_OPTION.shipperId && p.value.trim() !== ""
        ),
    })
  ),
})
export type ManifestRequest = z.output<typeof manifestRequestSchema>

export const manifestResponseSchema = z.looseObject({
  manifestId: respString,
  manifestTrackingNumber: respString,
  documents: respArray(
    z.looseObject({
      type: respString,
      contentType: respString,
      contents: respString,
    })
  ),
})
export type ManifestResponse = z.output<typeof manifestResponseSchema>
