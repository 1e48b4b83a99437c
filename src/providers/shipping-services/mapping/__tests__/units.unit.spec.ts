import { ceilTo, toInches, toOunces } from "../units"

describe("unit conversion", () => {
  it("converts catalog weights to ounces, rounding up", () => {
    expect(toOunces(1000, "g")).toBe(35.28)
    expect(toOunces(1, "kg")).toBe(35.28)
    expect(toOunces(2, "lb")).toBe(32)
    expect(toOunces(12.5, "oz")).toBe(12.5)
    expect(toOunces(1, "g", 4)).toBe(0.0353)
  })

  it("converts catalog lengths to inches, rounding up", () => {
    expect(toInches(2.54, "cm")).toBe(1)
    expect(toInches(30, "cm")).toBe(11.82)
    expect(toInches(254, "mm")).toBe(10)
    expect(toInches(1, "m")).toBe(39.38)
    expect(toInches(7, "in")).toBe(7)
  })

  it("never rounds float noise up a step", () => {
    expect(ceilTo(3.0000000001, 2)).toBe(3)
    expect(ceilTo(3.001, 2)).toBe(3.01)
  })
})
