import type { CustomsItem } from "../../../shipping-api/schemas/customs"
import { currencyDigits, formatMinor, invoiceTotals } from "../invoice-totals"

const item = (
  quantity: number,
  unitPrice: number,
  weight?: [number, string]
): CustomsItem => ({
  description: "x",
  quantity,
  unitPrice,
  ...(weight
    ? { unitWeight: { weight: weight[0], unitOfMeasurement: weight[1] } }
    : {}),
})

describe("invoiceTotals", () => {
  it("adds line values in minor units: no floating-point cents", () => {
    const t = invoiceTotals(
      [item(3, 19.99), item(1, 12.5), item(7, 0.1)],
      "USD"
    )
    expect(t.lines.map((l) => l.totalMinor)).toEqual([5997, 1250, 70])
    expect(t.valueMinor).toBe(7317)
    expect(formatMinor(t.valueMinor, t.digits)).toBe("73.17")
    expect(t.quantity).toBe(11)
  })

  it("uses the currency's own decimals", () => {
    expect(currencyDigits("USD")).toBe(2)
    expect(currencyDigits("JPY")).toBe(0)
    expect(currencyDigits("KWD")).toBe(3)
    // Not a currency Intl knows: cents.
    expect(currencyDigits("XYZ1")).toBe(2)
    const yen = invoiceTotals([item(2, 1500)], "JPY")
    expect(formatMinor(yen.valueMinor, yen.digits)).toBe("3,000")
  })

  it("formats thousands and keeps signs", () => {
    expect(formatMinor(123456789, 2)).toBe("1,234,567.89")
    expect(formatMinor(5, 2)).toBe("0.05")
    expect(formatMinor(-1250, 2)).toBe("-12.50")
    expect(formatMinor(0, 3)).toBe("0.000")
  })

  it("totals weight per unit of measurement, any case", () => {
    const t = invoiceTotals(
      [
        item(3, 1, [0.2, "KG"]),
        item(1, 1, [0.3, "kg"]),
        item(2, 1, [4, "OZ"]),
        item(1, 1),
      ],
      "USD"
    )
    expect(t.weights).toEqual([
      { unit: "KG", weight: 0.9 },
      { unit: "OZ", weight: 8 },
    ])
  })
})
