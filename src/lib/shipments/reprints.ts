import { LIMITS } from "../../shipping-api/constants"

export type ReprintState = {
  used: number
  left: number
  max: number
  allowed: boolean
  reason: string | null
}

/**
 * Doc 4: the service allows at most LIMITS.reprints reprints of one shipment. The count is ours
 * (shipment.reprint_count) so that a fourth is refused before anything is sent. Pure.
 */
export function reprintState(shipment: {
  status: string
  shipment_id: string | null
  reprint_count: number | null
  label_format?: string | null
}): ReprintState {
  const max = LIMITS.reprints
  const used = Math.max(0, shipment.reprint_count ?? 0)
  const left = Math.max(0, max - used)
  const base = { used, left, max }
  if (shipment.status !== "created" || !shipment.shipment_id) {
    return {
      ...base,
      allowed: false,
      reason:
        shipment.status === "voided"
          ? "A voided label cannot be reprinted."
          : "Only a created label can be reprinted.",
    }
  }
  if (!left) {
    return {
      ...base,
      allowed: false,
      reason: `All ${max} reprints of this label are used (the service allows ${max}). Void it and create a new fulfillment for a new label.`,
    }
  }
  return { ...base, allowed: true, reason: null }
}
