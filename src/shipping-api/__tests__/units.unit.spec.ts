import { ceilTo, toInches, toOunces, toPounds } from "../units"

describe("unit conversion (one place for the mapping and the sandbox)", () => {
  it("converts catalog weights to ounces, rounding up when asked", () => {
    expect(toOunces(1000, "g", 2)).toBe(35.28)
    expect(toOunces(1, "kg", 2)).toBe(35.28)
    expect(toOunces(2, "lb", 2)).toBe(32)
    expect(toOunces(12.5, "oz", 2)).toBe(12.5)
    expect(toOunces(1, "g", 4)).toBe(0.0353)
  })

  it("converts catalog lengths to inches, rounding up when asked", () => {
    expect(toInches(2.54, "cm", 2)).toBe(1)
    expect(toInches(30, "cm", 2)).toBe(11.82)
    expect(toInches(254, "mm", 2)).toBe(10)
    expect(toInches(1, "m", 2)).toBe(39.38)
    expect(toInches(7, "in", 2)).toBe(7)
  })

  it("is exact without decimals", () => {
    expect(toInches(30, "cm")).toBeCloseTo(11.811023622, 9)
    expect(toPounds(8, "OZ")).toBe(0.5)
    expect(toPounds(1, "KG")).toBeCloseTo(2.20462262, 8)
  })

  it("reads the documents' spellings without case (doc 2 OZ, LB, Lb, GM, IN, in; doc 3 LBS, Pounds, KGS)", () => {
    expect(toOunces(1, "Lb")).toBe(16)
    expect(toOunces(1, "LBS")).toBe(16)
    expect(toOunces(1, "Pounds")).toBe(16)
    expect(toOunces(1000, "GM")).toBe(toOunces(1, "KGS"))
    expect(toInches(5, "IN")).toBe(5)
    expect(toInches(5, "in")).toBe(5)
  })

  it("refuses a unit it does not know (callers pass units a schema accepted)", () => {
    expect(() => toOunces(1, "stone")).toThrow(/unknown weight unit "stone"/)
    expect(() => toInches(1, "ft")).toThrow(/unknown length unit "ft"/)
  })

  it("never rounds float noise up a step", () => {
    expect(ceilTo(3.0000000001, 2)).toBe(3)
    expect(ceilTo(3.001, 2)).toBe(3.01)
  })
})
