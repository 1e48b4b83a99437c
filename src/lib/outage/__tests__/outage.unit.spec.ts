import {
  afterProbe,
  durationWords,
  outageOpened,
  type OutageRecord,
} from "../outage"

const t0 = new Date("2026-11-28T09:00:00Z")
const at = (s: number) => new Date(t0.getTime() + s * 1000)

describe("the shop's outage record", () => {
  const opened = outageOpened(
    "createShipment: the service is unavailable (HTTP 503)",
    t0
  )

  it("opens down, with the failure's words and nothing confirmed yet", () => {
    expect(opened).toEqual({
      state: "down",
      since: t0.toISOString(),
      reason: "createShipment: the service is unavailable (HTTP 503)",
      confirmed_at: null,
      probes: 0,
      last_probe_at: null,
      last_probe_error: null,
    })
    expect(outageOpened("x".repeat(5000), t0).reason).toHaveLength(500)
  })

  it("a first failed probe confirms it once (the one alert); later ones only count", () => {
    const first = afterProbe(
      opened,
      { answering: false, error: "HTTP 503" },
      at(15)
    )
    expect(first.event).toBe("confirmed")
    expect(first.record).toMatchObject({
      state: "down",
      since: t0.toISOString(),
      confirmed_at: at(15).toISOString(),
      probes: 1,
      last_probe_error: "HTTP 503",
    })
    const second = afterProbe(
      first.record,
      { answering: false, error: "timeout" },
      at(30)
    )
    expect(second.event).toBeNull()
    expect(second.record.confirmed_at).toBe(at(15).toISOString())
    expect(second.record.probes).toBe(2)
  })

  it("an answer ends it: 'back' only for a confirmed outage (a blip says nothing)", () => {
    const confirmed = afterProbe(
      opened,
      { answering: false, error: "503" },
      at(15)
    ).record
    const back = afterProbe(confirmed, { answering: true }, at(3600))
    expect(back.event).toBe("back")
    expect(back.record).toEqual({
      state: "up",
      since: at(3600).toISOString(),
      last_outage: {
        since: t0.toISOString(),
        until: at(3600).toISOString(),
        reason: opened.reason,
      },
    } satisfies OutageRecord)
    expect(afterProbe(opened, { answering: true }, at(15)).event).toBeNull()
  })

  it("says how long in words", () => {
    expect(durationWords(t0.toISOString(), at(45))).toBe("45 s")
    expect(durationWords(t0.toISOString(), at(600))).toBe("10 min")
    expect(durationWords(t0.toISOString(), at(3 * 3600 + 12 * 60 + 5))).toBe(
      "3 h 12 min"
    )
    expect(durationWords(t0.toISOString(), at(-5))).toBe("0 s")
  })
})
