import type { Carrier } from "../constants"

/** Doc 4, Void; the other carriers' windows are not shown, so none is applied (ours). */
export const VOID_WINDOW_DAYS: Partial<Record<Carrier, number>> = {
  POSTAL: 30,
  XBORDER: 25,
}

const DAY_MS = 24 * 60 * 60 * 1000

export type VoidCandidate = {
  carrier: Carrier
  createdAt: number | Date
  isReturn?: boolean
  parcelType?: string | null
}

export type VoidRefusal = {
  code: "VOID_NOT_ALLOWED" | "VOID_WINDOW_EXPIRED"
  message: string
}

export function voidRefusal(
  shipment: VoidCandidate,
  now: number | Date
): VoidRefusal | undefined {
  if (shipment.isReturn) {
    return {
      code: "VOID_NOT_ALLOWED",
      message: "return labels cannot be voided (doc 4, Void)",
    }
  }
  if (
    shipment.carrier === "POSTAL" &&
    (shipment.parcelType === "LETTER" || shipment.parcelType === "FLAT")
  ) {
    return {
      code: "VOID_NOT_ALLOWED",
      message: "first-class letters and flats cannot be voided (doc 4, Void)",
    }
  }
  const days = VOID_WINDOW_DAYS[shipment.carrier]
  if (days !== undefined && +now - +shipment.createdAt > days * DAY_MS) {
    return {
      code: "VOID_WINDOW_EXPIRED",
      message: `${shipment.carrier} labels can be voided within ${days} days of creation (doc 4, Void)`,
    }
  }
  return undefined
}
