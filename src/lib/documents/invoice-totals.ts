import type { CustomsItem } from "../../shipping-api/schemas/customs"

// Minor units, so totals add up the way a customs officer adds them (19.99 x 3 is 59.97).
const DIGITS = new Map<string, number>()

export function currencyDigits(currencyCode: string): number {
  let digits = DIGITS.get(currencyCode)
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat("en", {
          style: "currency",
          currency: currencyCode,
        }).resolvedOptions().maximumFractionDigits ?? 2
    } catch {
      // Not an ISO 4217 code Intl knows: print cents, as most currencies have them.
      digits = 2
    }
    // A NumberFormat takes ~1 ms and a batch asks for the same few currencies again and again.
    DIGITS.set(currencyCode, digits)
  }
  return digits
}

export function toMinor(amount: number, digits: number): number {
  return Math.round(amount * 10 ** digits)
}

/** 123456 with 2 digits → "1,234.56". */
export function formatMinor(minor: number, digits: number): string {
  const sign = minor < 0 ? "-" : ""
  const abs = String(Math.abs(Math.round(minor))).padStart(digits + 1, "0")
  const whole = abs
    .slice(0, abs.length - digits)
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  return (
    sign + (digits > 0 ? `${whole}.${abs.slice(abs.length - digits)}` : whole)
  )
}

export interface InvoiceLine {
  item: CustomsItem
  unitMinor: number
  totalMinor: number
}

export interface InvoiceTotals {
  digits: number
  lines: InvoiceLine[]
  quantity: number
  valueMinor: number
  /** Per unit (upper case), for items that state a unit weight. */
  weights: Array<{ unit: string; weight: number }>
}

export function invoiceTotals(
  items: CustomsItem[],
  currencyCode: string
): InvoiceTotals {
  const digits = currencyDigits(currencyCode)
  const weights = new Map<string, number>()
  let quantity = 0
  let valueMinor = 0
  const lines = items.map((item) => {
    const unitMinor = toMinor(item.unitPrice, digits)
    const totalMinor = unitMinor * item.quantity
    quantity += item.quantity
    valueMinor += totalMinor
    if (item.unitWeight) {
      const unit = item.unitWeight.unitOfMeasurement.toUpperCase()
      weights.set(
        unit,
        (weights.get(unit) ?? 0) + item.unitWeight.weight * item.quantity
      )
    }
    return { item, unitMinor, totalMinor }
  })
  return {
    digits,
    lines,
    quantity,
    valueMinor,
    weights: [...weights].map(([unit, weight]) => ({
      unit,
      weight: Math.round(weight * 1000) / 1000,
    })),
  }
}
