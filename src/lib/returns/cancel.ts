import { stepOfStatus } from "../tracking/status"

/**
 * Whether a return that carries the plugin's labels may still be canceled, and why not. Pure; the
 * provider (canceling a return fulfillment), the cancel routes and the customer's view all ask it.
 *
 * Return labels cannot be voided at the service (shared/spec/4, Void), so canceling a return
 * never asks the service: its label is withdrawn (it stays valid at the carrier, unused) and Medusa's
 * fulfillment and return are canceled. That is refused once the label can no longer be taken back:
 * the carrier has scanned the parcel (any package status but Manifest, doc 3), or the merchant
 * has received items of the return.
 */

/** One return label: its tracking number and the package statuses stored for it. */
export type ReturnLabelScans = {
  tracking_number: string | null
  package_statuses: readonly (string | null | undefined)[]
}

/** Why this return label's parcel can no longer be withdrawn, or null. */
export function returnLabelRefusal(label: ReturnLabelScans): string | null {
  const scanned = label.package_statuses.find((s) => stepOfStatus(s) !== "none")
  if (!scanned) return null
  const parcel = label.tracking_number
    ? `The return parcel ${label.tracking_number}`
    : "The return parcel"
  return `${parcel} is with the carrier (${scanned}): the return can no longer be canceled`
}

export type ReturnToCancel = {
  id: string
  canceled_at?: Date | string | null
  items?: { received_quantity?: number | string | null }[] | null
}

/** Why this return can no longer be canceled (received items, a scanned parcel), or null. */
export function returnCancelRefusal(
  ret: ReturnToCancel,
  labels: readonly ReturnLabelScans[]
): string | null {
  if ((ret.items ?? []).some((i) => Number(i.received_quantity ?? 0) > 0))
    return `Items of return ${ret.id} were received already: the return can no longer be canceled`
  for (const label of labels) {
    const refusal = returnLabelRefusal(label)
    if (refusal) return refusal
  }
  return null
}
