import { labelRemovedView } from "../removed"

describe("a label retention removed", () => {
  const row = {
    id: "ssship_1",
    tracking_number: "9400111",
    documents_removed_at: "2026-11-20T03:23:00.000Z",
  }

  it("says when, after how long, and that a reprint brings it back", () => {
    expect(labelRemovedView(row, 90, { allowed: true, reason: null })).toEqual({
      removed_at: "2026-11-20T03:23:00.000Z",
      keep_days: 90,
      reprint_allowed: true,
      message:
        "Label 9400111 was removed on 2026-11-20, 90 days after the parcel was delivered, voided or returned (documents.keepDays); reprint it to get it back",
    })
  })

  it("says why it cannot come back when no reprint is left", () => {
    const view = labelRemovedView(row, 1, {
      allowed: false,
      reason: "All 3 reprints of this label are used.",
    })
    expect(view?.message).toBe(
      "Label 9400111 was removed on 2026-11-20, 1 day after the parcel was delivered, voided or returned (documents.keepDays); it cannot be reprinted: All 3 reprints of this label are used."
    )
  })

  it("is nothing for a label that was never removed", () => {
    expect(
      labelRemovedView({ ...row, documents_removed_at: null }, 90, {
        allowed: true,
        reason: null,
      })
    ).toBeNull()
  })
})
