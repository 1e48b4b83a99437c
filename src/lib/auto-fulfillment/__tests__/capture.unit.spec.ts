import { isCapturedInFull } from "../capture"

describe("isCapturedInFull (autoFulfill.on: captured)", () => {
  it("is true once every live payment collection is completed", () => {
    expect(isCapturedInFull([{ status: "completed" }])).toBe(true)
    expect(
      isCapturedInFull([{ status: "completed" }, { status: "canceled" }])
    ).toBe(true)
  })

  it("waits for an authorized, partially captured or new collection, and for an order without one", () => {
    for (const status of [
      "authorized",
      "partially_authorized",
      "awaiting",
      "not_paid",
      "partially_captured",
    ])
      expect([status, isCapturedInFull([{ status }])]).toEqual([status, false])
    expect(
      isCapturedInFull([{ status: "completed" }, { status: "not_paid" }])
    ).toBe(false)
    expect(isCapturedInFull([])).toBe(false)
    expect(isCapturedInFull(null)).toBe(false)
    expect(isCapturedInFull([{ status: "canceled" }])).toBe(false)
  })
})
