import { voidRefusal } from "../void"

const DAY = 24 * 60 * 60 * 1000
const created = Date.UTC(2026, 0, 1)

describe("void windows (doc 4)", () => {
  it("postal: 30 days", () => {
    expect(
      voidRefusal({ carrier: "POSTAL", createdAt: created }, created + 30 * DAY)
    ).toBeUndefined()
    expect(
      voidRefusal(
        { carrier: "POSTAL", createdAt: created },
        created + 30 * DAY + 1
      )?.code
    ).toBe("VOID_WINDOW_EXPIRED")
  })
  it("cross-border: 25 days", () => {
    expect(
      voidRefusal(
        { carrier: "XBORDER", createdAt: created },
        created + 25 * DAY
      )
    ).toBeUndefined()
    expect(
      voidRefusal(
        { carrier: "XBORDER", createdAt: new Date(created) },
        new Date(created + 26 * DAY)
      )?.message
    ).toMatch(/25 days/)
  })
  it("returns and first-class letters and flats never", () => {
    expect(
      voidRefusal(
        { carrier: "POSTAL", createdAt: created, isReturn: true },
        created
      )?.code
    ).toBe("VOID_NOT_ALLOWED")
    expect(
      voidRefusal(
        { carrier: "POSTAL", createdAt: created, parcelType: "FLAT" },
        created
      )?.code
    ).toBe("VOID_NOT_ALLOWED")
    expect(
      voidRefusal(
        { carrier: "POSTAL", createdAt: created, parcelType: "PKG" },
        created
      )
    ).toBeUndefined()
  })
  it("no stated window for the other carriers", () => {
    expect(
      voidRefusal(
        { carrier: "CARRIER_A", createdAt: created },
        created + 400 * DAY
      )
    ).toBeUndefined()
    expect(
      voidRefusal(
        { carrier: "STANDARD", createdAt: created },
        created + 400 * DAY
      )
    ).toBeUndefined()
  })
})
