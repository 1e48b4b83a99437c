import {
  CARRIER_OF_VARIANT,
  SHIPMENT_OPTION,
  type Carrier,
  type Variant,
} from "../../shipping-api/constants"
import { MANIFEST_STATE_RULES } from "../../shipping-api/rules/service-state"
import type { ManifestRequest } from "../../shipping-api/schemas/manifest"

export type ManifestCandidate = {
  id: string
  variant: Variant
  status: string
  is_return: boolean
  add_to_manifest: boolean
  manifest_id: string | null
  voided_at: Date | string | null
  parcel_type: string | null
  tracking_number: string | null
  created_at: Date | string
}

export type ManifestGroup<T extends ManifestCandidate = ManifestCandidate> = {
  carrier: Carrier
  shipments: T[]
}

const DAY_MS = 24 * 60 * 60 * 1000
/** Doc 4: "Shipments not manifested are manifested automatically at 06:00 UTC the day after the ship date." */
const AUTO_MANIFEST_HOUR_UTC = 6

const startOfUtcDay = (t: number) => Math.floor(t / DAY_MS) * DAY_MS

/**
 * The oldest creation time still waiting for a close-out now: a label of UTC day D is
 * manifested by the service itself at D+1 06:00 UTC, so "today's" labels are those whose
 * automatic manifest has not happened yet. Between midnight and 06:00 UTC that includes
 * yesterday's, which matters to merchants west of UTC closing out in their evening.
 */
export function manifestWindowStart(now: Date): Date {
  return new Date(
    startOfUtcDay(
      now.getTime() - DAY_MS - AUTO_MANIFEST_HOUR_UTC * 60 * 60 * 1000
    ) + DAY_MS
  )
}

/** submissionDate (YYYY-MM-DD) of a manifest sent now: the UTC date, as the service's clock reads it. */
export function submissionDate(now: Date): string {
  return now.toISOString().slice(0, 10)
}

/**
 * Why a label is not on a close-out, or null when it belongs on one (doc 4, Manifest). What the
 * service would refuse is asked of its rules (src/shipping-api/rules/service-state.ts), so a
 * close-out never sends a label the service turns down. Pure.
 */
export function manifestExclusion(
  s: ManifestCandidate,
  now: Date
): string | null {
  if (s.status !== "created" || s.voided_at) return "not a live label"
  if (s.is_return) return "a return label (the customer hands it over)"
  if (!s.tracking_number) return "no tracking number"
  const facts = {
    trackingNumber: s.tracking_number,
    carrier: CARRIER_OF_VARIANT[s.variant],
    parcelType: s.parcel_type ?? "",
    addToManifest: s.add_to_manifest,
    manifestId: s.manifest_id ?? undefined,
  }
  for (const rule of MANIFEST_STATE_RULES) {
    const refusal = rule.refusal(facts)
    if (refusal) return refusal.message
  }
  if (new Date(s.created_at).getTime() < manifestWindowStart(now).getTime())
    return "already manifested automatically by the service"
  return null
}

/** Eligible labels, one group per carrier (a manifest names one carrier), optionally one carrier only. Pure. */
export function manifestGroups<T extends ManifestCandidate>(
  rows: readonly T[],
  now: Date,
  carrier?: Carrier
): ManifestGroup<T>[] {
  const groups = new Map<Carrier, T[]>()
  for (const row of rows) {
    if (manifestExclusion(row, now)) continue
    const c = CARRIER_OF_VARIANT[row.variant]
    if (carrier && c !== carrier) continue
    groups.set(c, [...(groups.get(c) ?? []), row])
  }
  return [...groups.entries()].map(([c, shipments]) => ({
    carrier: c,
    shipments,
  }))
}

/** The POST /v1/manifests body of one group (doc 4). */
export function manifestRequestOf(
  group: ManifestGroup,
  now: Date,
  shipperId: string
): ManifestRequest {
  return {
    carrier: group.carrier,
    submissionDate: submissionDate(now),
    parcelTrackingNumbers: [
      ...new Set(group.shipments.map((s) => s.tracking_number as string)),
    ],
    parameters: [{ name: SHIPMENT_OPTION.shipperId, value: shipperId }],
  }
}
