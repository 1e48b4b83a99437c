import { DEFAULT_PLAUSIBILITY, implausibility } from "../plausibility"

const label = "2026-03-01T12:00:00Z"
const arrived = "2026-03-03T12:00:00Z"
const at = (
  occurred_at: string | null,
  created_at: string | null = arrived
) => ({ occurred_at, created_at })

describe("implausibility (which event dates may move an order)", () => {
  it("lets events between the label's creation and their arrival move the order", () => {
    expect(implausibility(at("2026-03-01T12:00:00Z"), label)).toBeNull()
    expect(implausibility(at("2026-03-02T09:30:00Z"), label)).toBeNull()
    expect(implausibility(at(arrived), label)).toBeNull()
  })

  it("tolerates 12 hours before the label (clocks, times without an offset read as UTC)", () => {
    expect(implausibility(at("2026-03-01T00:00:00Z"), label)).toBeNull()
    expect(implausibility(at("2026-02-28T23:59:59Z"), label)).toBe(
      "before-label"
    )
  })

  it("refuses to move anything for an event of 1970-01-01 (a default date), however it arrived", () => {
    expect(implausibility(at("1970-01-01T00:00:00Z"), label)).toBe(
      "before-label"
    )
  })

  it("tolerates 24 hours after arrival, not more", () => {
    expect(implausibility(at("2026-03-04T12:00:00Z"), label)).toBeNull()
    expect(implausibility(at("2026-03-04T12:00:01Z"), label)).toBe("ahead")
    expect(implausibility(at("2099-12-31T00:00:00Z"), label)).toBe("ahead")
  })

  it("judges an event not stored yet against now, and follows the window given", () => {
    const now = new Date("2026-03-03T12:00:00Z")
    expect(
      implausibility(
        at("2026-03-05T00:00:00Z", null),
        label,
        DEFAULT_PLAUSIBILITY,
        now
      )
    ).toBe("ahead")
    expect(
      implausibility(
        at("2026-03-05T00:00:00Z", null),
        label,
        { beforeLabelHours: 0, aheadHours: 48 },
        now
      )
    ).toBeNull()
    expect(
      implausibility(at("2026-03-01T11:00:00Z"), label, {
        beforeLabelHours: 0,
        aheadHours: 24,
      })
    ).toBe("before-label")
  })

  it("does not judge undated events, nor the label side without a label time", () => {
    expect(implausibility(at(null), label)).toBeNull()
    expect(implausibility(at("1970-01-01T00:00:00Z"), null)).toBeNull()
  })
})
