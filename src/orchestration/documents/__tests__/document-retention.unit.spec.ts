import { retentionCutoff } from "../document-retention"

describe("retention's cutoff", () => {
  it("counts documents.keepDays back from now; null keeps documents", () => {
    const now = new Date("2026-11-25T00:00:00Z")
    expect(retentionCutoff(90, now)?.toISOString()).toBe(
      "2026-08-27T00:00:00.000Z"
    )
    expect(retentionCutoff(1, now)?.toISOString()).toBe(
      "2026-11-24T00:00:00.000Z"
    )
    expect(retentionCutoff(null, now)).toBeNull()
  })
})
