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
/** Doc 4: unmanifested shipments "are manifested automatically at 06:00 UTC the day after the ship date". */
const AUTO_MANIFEST_HOUR_UTC = 6

const startOfUtcDay = (t: number) => Math.floor(t / DAY_MS) * DAY_MS

/** Before 06:00 UTC that includes yesterday's labels, which matters to merchants west of UTC. */
export function manifestWindowStart(now: Date): Date {
  return new Date(
    startOfUtcDay(
      now.getTime() - DAY_MS - AUTO_MANIFEST_HOUR_UTC * 60 * 60 * 1000
    ) + DAY_MS
  )
}

/** The UTC date, as the service's clock reads it. */
export function submissionDate(now: Date): string {
  return now.toISOString().slice(0, 10)
}

/** Null when it belongs on one; asks the service's own rules, so a close-out never sends a refused label. */
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

/** One group per carrier (a manifest names one). */
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
