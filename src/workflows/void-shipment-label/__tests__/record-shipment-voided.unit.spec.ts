import {
  recordShipmentVoided,
  restoreShipmentVoided,
} from "../steps/record-shipment-voided"

function journal(row: Record<string, unknown>) {
  const state = { ...row }
  return {
    state,
    listShipments: jest.fn(async () => [{ ...state }]),
    updateShipments: jest.fn(async (update: Record<string, unknown>) =>
      Object.assign(state, update)
    ),
  }
}

describe("recording a void and its compensation", () => {
  const created = {
    id: "ssship_1",
    status: "created",
    voided_at: null,
    void_status: null,
    void_reason: null,
  }

  it("records the void, and the compensation gives the row its previous status back", async () => {
    const j = journal(created)
    const before = await recordShipmentVoided(
      j as never,
      "ssship_1",
      { voided: true, already: false, void_status: "VOIDED" },
      "orphan"
    )
    expect(j.state).toMatchObject({
      status: "voided",
      void_status: "VOIDED",
      void_reason: "orphan",
    })
    expect(j.state.voided_at).toBeInstanceOf(Date)
    await restoreShipmentVoided(j as never, before)
    expect(j.state).toEqual(created)
  })

  it("writes nothing (and has nothing to undo) for a label voided already or refused", async () => {
    const j = journal(created)
    expect(
      await recordShipmentVoided(
        j as never,
        "ssship_1",
        { voided: true, already: true, void_status: null },
        null
      )
    ).toBeNull()
    expect(
      await recordShipmentVoided(
        j as never,
        "ssship_1",
        { voided: false, reason: "too late" },
        null
      )
    ).toBeNull()
    await restoreShipmentVoided(j as never, null)
    expect(j.updateShipments).not.toHaveBeenCalled()
  })
})
