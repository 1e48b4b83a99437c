import { stepOfStatus } from "../tracking/status"

// Return labels cannot be voided (doc 4), so cancel withdraws the label until the parcel is scanned
// (any status but Manifest) or items are received.

export type ReturnLabelScans = {
  tracking_number: string | null
  package_statuses: readonly (string | null | undefined)[]
}

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
