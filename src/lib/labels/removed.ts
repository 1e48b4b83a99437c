import type { ReprintState } from "../shipments/reprints"

/** A label whose pages retention removed (documents.keepDays): what the admin is told. */
export type LabelRemovedView = {
  removed_at: string
  /** The option now (null: documents are kept from now on). */
  keep_days: number | null
  reprint_allowed: boolean
  message: string
}

/**
 * "Label removed after N days; reprint" rather than a broken download, for a label retention
 * removed and nothing stored again. Null for a label that is there (or never was). Pure.
 */
export function labelRemovedView(
  row: {
    documents_removed_at?: Date | string | null
    tracking_number: string | null
    id: string
  },
  keepDays: number | null,
  reprints: Pick<ReprintState, "allowed" | "reason">
): LabelRemovedView | null {
  if (!row.documents_removed_at) return null
  const at = new Date(row.documents_removed_at)
  const after =
    keepDays === null
      ? "by retention"
      : `${keepDays} day${keepDays === 1 ? "" : "s"} after the parcel was delivered, voided or returned (documents.keepDays)`
  const next = reprints.allowed
    ? "reprint it to get it back"
    : `it cannot be reprinted: ${reprints.reason ?? "the service allows no reprint of it"}`
  return {
    removed_at: at.toISOString(),
    keep_days: keepDays,
    reprint_allowed: reprints.allowed,
    message: `Label ${row.tracking_number ?? row.id} was removed on ${at.toISOString().slice(0, 10)}, ${after}; ${next}`,
  }
}
