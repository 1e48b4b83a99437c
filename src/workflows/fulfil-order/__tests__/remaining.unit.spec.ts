import { remainingItems } from "../steps/register-unregistered-fulfillments"

describe("remainingItems", () => {
  it("takes what registered fulfillments cover off the planned lines", () => {
    expect(
      remainingItems(
        [
          { id: "a", quantity: 2 },
          { id: "b", quantity: 1 },
          { id: "c", quantity: 3 },
        ],
        [
          { id: "a", quantity: 2 },
          { id: "c", quantity: 1 },
          { id: "c", quantity: 1 },
        ]
      )
    ).toEqual([
      { id: "b", quantity: 1 },
      { id: "c", quantity: 1 },
    ])
  })

  it("leaves nothing when everything is covered, and everything when nothing is", () => {
    const planned = [{ id: "a", quantity: 1 }]
    expect(remainingItems(planned, [{ id: "a", quantity: 1 }])).toEqual([])
    expect(remainingItems(planned, [])).toEqual(planned)
    expect(remainingItems([], [{ id: "a", quantity: 1 }])).toEqual([])
  })
})
