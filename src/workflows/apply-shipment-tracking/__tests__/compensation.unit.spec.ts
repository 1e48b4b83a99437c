import {
  recordTracking,
  restoreTracking,
} from "../steps/record-shipment-tracking"

type Row = Record<string, unknown> & { id: string }

function journal(row: Row) {
  const rows = [row]
  return {
    row: () => rows[0]!,
    // As the module's one statement: sets the fields, returns them as they were (null: gone).
    swapShipmentFields: jest.fn(async (id: string, fields: object) => {
      const row = rows.find((r) => r.id === id)
      if (!row) return null
      const old = Object.fromEntries(
        Object.keys(fields).map((k) => [k, row[k] ?? null])
      )
      Object.assign(row, fields)
      return old
    }),
    journal() {
      return this
    },
  }
}

describe("tracking application compensations", () => {
  const at = new Date("2026-11-25T10:00:00Z")

  it("gives the transitions' record back when Medusa's workflow failed", async () => {
    const j = journal({
      id: "sh_1",
      shipped_applied_at: null,
      delivered_applied_at: null,
    })
    const before = await recordTracking(j as never, {
      shipment_id: "sh_1",
      fields: {},
      applied: ["shipped", "delivered"],
      applied_at: at,
    })
    expect(j.row()).toMatchObject({
      shipped_applied_at: at,
      delivered_applied_at: at,
    })
    await restoreTracking(j as never, before)
    expect(j.row()).toMatchObject({
      shipped_applied_at: null,
      delivered_applied_at: null,
    })
    expect(j.swapShipmentFields).toHaveBeenCalledTimes(2)
  })

  it("takes a date given as a string (Redis engine) as a Date", async () => {
    const j = journal({ id: "sh_1", delivered_applied_at: null })
    await recordTracking(j as never, {
      shipment_id: "sh_1",
      fields: { last_event_at: at.toISOString() as unknown as Date },
      applied: ["delivered"],
      applied_at: at.toISOString() as unknown as Date,
    })
    expect(j.row().delivered_applied_at).toEqual(at)
    expect(j.row().last_event_at).toEqual(at)
  })

  it("puts the tracking summary and the next poll back as they were, in one statement each way", async () => {
    const next = new Date("2026-11-25T12:00:00Z")
    const j = journal({
      id: "sh_1",
      tracking_status: "InTransit",
      tracking_status_at: at,
      last_event_at: at,
      next_poll_at: next,
      delivered_applied_at: null,
    })
    const before = await recordTracking(j as never, {
      shipment_id: "sh_1",
      fields: {
        tracking_status: "Delivered",
        tracking_status_at: new Date("2026-11-26T00:00:00Z"),
        last_event_at: new Date("2026-11-26T00:00:00Z"),
        next_poll_at: null,
      },
      applied: ["delivered"],
      applied_at: at,
    })
    expect(j.row()).toMatchObject({
      tracking_status: "Delivered",
      next_poll_at: null,
      delivered_applied_at: at,
    })
    await restoreTracking(j as never, before)
    expect(j.row()).toMatchObject({
      tracking_status: "InTransit",
      tracking_status_at: at,
      last_event_at: at,
      next_poll_at: next,
      delivered_applied_at: null,
    })
  })

  it("records nothing for a shipment that is gone", async () => {
    const j = journal({ id: "sh_1" })
    const before = await recordTracking(j as never, {
      shipment_id: "sh_2",
      fields: {},
      applied: ["shipped"],
      applied_at: at,
    })
    expect(before).toBeNull()
    await restoreTracking(j as never, before)
    expect(j.swapShipmentFields).toHaveBeenCalledTimes(1)
  })
})
