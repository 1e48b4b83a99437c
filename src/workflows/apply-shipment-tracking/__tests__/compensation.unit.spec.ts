import {
  recordTransitionApplied,
  restoreTransitionApplied,
} from "../steps/record-transition-applied"
import {
  recordTracking,
  restoreTracking,
} from "../steps/record-shipment-tracking"

type Row = Record<string, unknown> & { id: string }

function journal(row: Row) {
  const rows = [row]
  return {
    row: () => rows[0]!,
    listShipments: jest.fn(async ({ id }: { id: string }) =>
      rows.filter((r) => r.id === id).map((r) => ({ ...r }))
    ),
    updateShipments: jest.fn(async (update: Row) => {
      Object.assign(
        rows.find((r) => r.id === update.id)!,
        update
      )
    }),
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
    tracking() {
      return { recordShipment: this.recordShipmentTracking }
    },
    recordShipmentTracking: jest.fn(async (id: string, fields: object) => {
      Object.assign(
        rows.find((r) => r.id === id)!,
        fields
      )
      return 1
    }),
  }
}

describe("tracking application compensations", () => {
  const at = new Date("2026-11-25T10:00:00Z")

  it("gives a transition's record back when Medusa's workflow failed", async () => {
    const j = journal({ id: "sh_1", shipped_applied_at: null })
    const before = await recordTransitionApplied(j as never, {
      shipment_id: "sh_1",
      transition: "shipped",
      applied_at: at,
    })
    expect(j.row().shipped_applied_at).toEqual(at)
    await restoreTransitionApplied(j as never, before)
    expect(j.row().shipped_applied_at).toBeNull()
  })

  it("records delivered in its own column, a date given as a string (Redis engine) as a Date", async () => {
    const j = journal({ id: "sh_1", delivered_applied_at: null })
    await recordTransitionApplied(j as never, {
      shipment_id: "sh_1",
      transition: "delivered",
      applied_at: at.toISOString() as unknown as Date,
    })
    expect(j.row().delivered_applied_at).toEqual(at)
  })

  it("puts the tracking summary and the next poll back as they were", async () => {
    const next = new Date("2026-11-25T12:00:00Z")
    const j = journal({
      id: "sh_1",
      tracking_status: "InTransit",
      tracking_status_at: at,
      last_event_at: at,
      next_poll_at: next,
    })
    const before = await recordTracking(j as never, "sh_1", {
      tracking_status: "Delivered",
      tracking_status_at: new Date("2026-11-26T00:00:00Z"),
      last_event_at: new Date("2026-11-26T00:00:00Z"),
      next_poll_at: null,
    })
    expect(j.row()).toMatchObject({
      tracking_status: "Delivered",
      next_poll_at: null,
    })
    await restoreTracking(j as never, before)
    expect(j.row()).toMatchObject({
      tracking_status: "InTransit",
      tracking_status_at: at,
      last_event_at: at,
      next_poll_at: next,
    })
  })

  it("records nothing for a shipment that is gone", async () => {
    const j = journal({ id: "sh_1" })
    expect(
      await recordTransitionApplied(j as never, {
        shipment_id: "sh_2",
        transition: "shipped",
        applied_at: at,
      })
    ).toBeNull()
    await restoreTransitionApplied(j as never, null)
    expect(j.updateShipments).not.toHaveBeenCalled()
    expect(j.swapShipmentFields).toHaveBeenCalledTimes(1)
  })
})
