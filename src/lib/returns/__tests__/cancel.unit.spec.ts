import { STEP_OF_STATUS } from "../../tracking/status"
import { returnCancelRefusal, returnLabelRefusal } from "../cancel"

const label = (...statuses: (string | null)[]) => ({
  tracking_number: "9400100000000000000001",
  package_statuses: statuses,
})

describe("returnLabelRefusal (a return label is withdrawn only before the carrier has it)", () => {
  it("allows a label without scans, or with the label's own Manifest event", () => {
    expect(returnLabelRefusal(label())).toBeNull()
    expect(returnLabelRefusal(label("Manifest", null))).toBeNull()
  })

  it("refuses every package status that means the carrier has the parcel, naming it", () => {
    const moving = Object.keys(STEP_OF_STATUS).filter((s) => s !== "Manifest")
    expect(moving.length).toBeGreaterThan(5)
    for (const status of moving) {
      expect(returnLabelRefusal(label("Manifest", status))).toBe(
        `The return parcel 9400100000000000000001 is with the carrier (${status}): the return can no longer be canceled`
      )
    }
  })

  it("words a label without a tracking number too", () => {
    expect(
      returnLabelRefusal({
        tracking_number: null,
        package_statuses: ["InTransit"],
      })
    ).toBe(
      "The return parcel is with the carrier (InTransit): the return can no longer be canceled"
    )
  })
})

describe("returnCancelRefusal", () => {
  it("allows a requested return whose labels have not moved", () => {
    expect(
      returnCancelRefusal(
        {
          id: "ret_1",
          items: [{ received_quantity: 0 }, { received_quantity: "0" }],
        },
        [label(), label("Manifest")]
      )
    ).toBeNull()
  })

  it("refuses once items were received (Medusa's own rule, asked before anything is canceled)", () => {
    expect(
      returnCancelRefusal(
        { id: "ret_1", items: [{ received_quantity: "1" }] },
        [label()]
      )
    ).toBe(
      "Items of return ret_1 were received already: the return can no longer be canceled"
    )
  })

  it("refuses when any of its parcels was scanned", () => {
    expect(
      returnCancelRefusal({ id: "ret_1", items: [] }, [
        label("Manifest"),
        label("Acceptance"),
      ])
    ).toMatch(/with the carrier \(Acceptance\)/)
  })
})
