import { returnQuantityViolations } from "../returnable"
import { refusalCountsOf, returnRefusal } from "../refusal"

const line = (id: string, fulfilled: unknown, requested: unknown = 0) => ({
  id,
  detail: {
    fulfilled_quantity: fulfilled,
    return_requested_quantity: requested,
  },
})

describe("returnQuantityViolations (Medusa's RETURN_ITEM rule, asked before the label)", () => {
  it("allows up to what was fulfilled minus what earlier returns requested", () => {
    expect(
      returnQuantityViolations(
        [line("a", 2, 1)],
        [{ line_item_id: "a", quantity: 1 }]
      )
    ).toEqual([])
    expect(
      returnQuantityViolations(
        [line("a", 2)],
        [{ line_item_id: "a", quantity: "2" }]
      )
    ).toEqual([])
  })

  it("refuses more, in Medusa's words, line by line", () => {
    expect(
      returnQuantityViolations(
        [line("a", 1, 1), line("b", 3, 0), line("c", 0)],
        [
          { line_item_id: "a", quantity: 1 },
          { line_item_id: "b", quantity: 3 },
          { line_item_id: "c", quantity: 1 },
        ]
      )
    ).toEqual([
      "Cannot request to return more items than what was fulfilled for item a.",
      "Cannot request to return more items than what was fulfilled for item c.",
    ])
  })

  it("adds up a line named twice, as Medusa's actions accumulate", () => {
    expect(
      returnQuantityViolations(
        [line("a", 2)],
        [
          { line_item_id: "a", quantity: 1 },
          { line_item_id: "a", quantity: 2 },
        ]
      )
    ).toHaveLength(1)
  })

  it("reads Medusa's BigNumber quantities (valueOf) and leaves lines without quantities to Medusa", () => {
    const big = (n: number) => ({ valueOf: () => n })
    expect(
      returnQuantityViolations(
        [line("a", big(1), big(1))],
        [{ line_item_id: "a", quantity: 1 }]
      )
    ).toHaveLength(1)
    expect(
      returnQuantityViolations(
        [{ id: "a" }],
        [{ line_item_id: "a", quantity: 5 }]
      )
    ).toEqual([])
    expect(
      returnQuantityViolations([], [{ line_item_id: null, quantity: 5 }])
    ).toEqual([])
  })
})

describe("returnRefusal", () => {
  const order = { customer_id: "cus_1" }
  it("lets the order's own customer through", () => {
    expect(
      returnRefusal({ requireCustomer: true, customerId: "cus_1", order })
    ).toBeNull()
  })
  it("names why anyone else is refused", () => {
    expect(
      returnRefusal({ requireCustomer: true, customerId: undefined, order })
    ).toBe("no_session")
    expect(
      returnRefusal({
        requireCustomer: true,
        customerId: "cus_1",
        order: undefined,
      })
    ).toBe("unknown_order")
    expect(
      returnRefusal({ requireCustomer: true, customerId: "cus_2", order })
    ).toBe("other_customer")
    expect(
      returnRefusal({
        requireCustomer: true,
        customerId: "cus_2",
        order: { customer_id: null },
      })
    ).toBe("other_customer")
  })
  it("refuses nobody when returns.requireCustomer is off", () => {
    expect(
      returnRefusal({
        requireCustomer: false,
        customerId: undefined,
        order: undefined,
      })
    ).toBeNull()
  })
})

describe("refusalCountsOf", () => {
  it("reads the stored counter, missing and broken values as 0", () => {
    expect(refusalCountsOf(undefined)).toEqual({
      no_session: 0,
      unknown_order: 0,
      other_customer: 0,
      total: 0,
      last_at: null,
    })
    expect(
      refusalCountsOf({
        no_session: 2,
        other_customer: "x",
        unknown_order: -4,
        last_at: "2026-01-01T00:00:00Z",
        other: 9,
      })
    ).toEqual({
      no_session: 2,
      unknown_order: 0,
      other_customer: 0,
      total: 2,
      last_at: "2026-01-01T00:00:00Z",
    })
  })
})
