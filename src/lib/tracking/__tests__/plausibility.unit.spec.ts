import {
  DEFAULT_PLAUSIBILITY,
  IMPLAUSIBLE_OUTCOME,
  implausibility,
  implausibilityOfOutcome,
} from "../plausibility"

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

describe("implausibility on the sandbox's clock", () => {
  // The sandbox was advanced three days after the label: its Delivered is dated in our future.
  const sandboxNow = new Date("2026-03-04T12:00:00Z")
  const delivered = at("2026-03-04T11:00:00Z", "2026-03-01T12:05:00Z")

  it("judges 'ahead' against the sandbox's time now, not against the arrival on our clock", () => {
    expect(implausibility(delivered, label)).toBe("ahead")
    expect(
      implausibility(
        delivered,
        label,
        DEFAULT_PLAUSIBILITY,
        undefined,
        sandboxNow
      )
    ).toBeNull()
  })

  it("still refuses what is ahead of the sandbox's own clock, or before the label", () => {
    expect(
      implausibility(
        at("2026-03-05T12:00:01Z"),
        label,
        DEFAULT_PLAUSIBILITY,
        undefined,
        sandboxNow
      )
    ).toBe("ahead")
    expect(
      implausibility(
        at("2099-01-01T00:00:00Z"),
        label,
        DEFAULT_PLAUSIBILITY,
        undefined,
        sandboxNow
      )
    ).toBe("ahead")
    expect(
      implausibility(
        at("1970-01-01T00:00:00Z"),
        label,
        DEFAULT_PLAUSIBILITY,
        undefined,
        sandboxNow
      )
    ).toBe("before-label")
  })

  it("is the production rule when no sandbox clock is given (null or undefined)", () => {
    for (const none of [null, undefined])
      expect(
        implausibility(delivered, label, DEFAULT_PLAUSIBILITY, undefined, none)
      ).toBe("ahead")
  })
})

describe("implausibilityOfOutcome", () => {
  it("reads the verdict back from the stored words, and nothing from other outcomes", () => {
    expect(implausibilityOfOutcome(IMPLAUSIBLE_OUTCOME.ahead)).toBe("ahead")
    expect(implausibilityOfOutcome(IMPLAUSIBLE_OUTCOME["before-label"])).toBe(
      "before-label"
    )
    for (const o of [
      "recorded",
      "shipped+delivered",
      "voided",
      null,
      undefined,
    ])
      expect(implausibilityOfOutcome(o)).toBeNull()
  })
})
