import { summaryUnchanged } from "../summary-change"

describe("summaryUnchanged", () => {
  const at = "2026-11-20T10:00:00.000Z"
  const current = {
    tracking_status: "InTransit",
    tracking_status_at: new Date(at),
    last_event_at: new Date(at),
    next_poll_at: new Date("2026-11-21T10:00:00.000Z"),
  }

  it("is true for the same status and instants, as dates or as strings (the Redis engine's)", () => {
    expect(
      summaryUnchanged(current, {
        tracking_status: "InTransit",
        tracking_status_at: at,
        last_event_at: new Date(at),
      })
    ).toBe(true)
  })

  it("is false when the status, its time or the last event's time differ", () => {
    const later = "2026-11-20T11:00:00.000Z"
    for (const next of [
      { ...current, tracking_status: "Delivered" },
      { ...current, tracking_status_at: later },
      { ...current, last_event_at: later },
      { ...current, last_event_at: null },
    ])
      expect(summaryUnchanged(current, next)).toBe(false)
  })

  it("counts the next poll only when the record sets it", () => {
    const { next_poll_at: _, ...withoutPoll } = current
    expect(summaryUnchanged(current, withoutPoll)).toBe(true)
    expect(
      summaryUnchanged(current, { ...withoutPoll, next_poll_at: null })
    ).toBe(false)
    expect(
      summaryUnchanged(
        { ...current, next_poll_at: null },
        { ...withoutPoll, next_poll_at: null }
      )
    ).toBe(true)
  })

  it("treats a missing field as null", () => {
    expect(summaryUnchanged({}, { tracking_status: null })).toBe(true)
    expect(summaryUnchanged({}, { tracking_status: "InTransit" })).toBe(false)
  })
})
