import {
  changeOfReturn,
  changeReturnCancelRefusal,
  orderChangeOfEvent,
} from "../order-change"

describe("exchanges and claims, as their return part concerns the plugin", () => {
  it("reads the change an event names: Medusa's two events and the plugin's retry of one", () => {
    expect(
      orderChangeOfEvent("order.exchange_created", {
        order_id: "order_1",
        exchange_id: "exchange_1",
      })
    ).toEqual({ kind: "exchange", id: "exchange_1" })
    expect(
      orderChangeOfEvent("order.claim_created", {
        order_id: "order_1",
        claim_id: "claim_1",
      })
    ).toEqual({ kind: "claim", id: "claim_1" })
    expect(
      orderChangeOfEvent("shipping-services.change_return_label.requested", {
        kind: "claim",
        id: "claim_2",
      })
    ).toEqual({ kind: "claim", id: "claim_2" })
  })

  it("ignores payloads without a usable id or kind", () => {
    for (const [name, data] of [
      ["order.exchange_created", { order_id: "order_1" }],
      ["order.exchange_created", { exchange_id: "" }],
      ["order.claim_created", { exchange_id: "exchange_1" }],
      ["order.claim_created", null],
      ["x.retry", { kind: "edit", id: "x" }],
      ["x.retry", { kind: "exchange", id: 5 }],
      ["x.retry", {}],
    ] as const)
      expect(orderChangeOfEvent(name, data as never)).toBeUndefined()
  })

  it("tells which change a return is part of", () => {
    expect(changeOfReturn({ exchange_id: "exchange_1" })).toEqual({
      kind: "exchange",
      id: "exchange_1",
    })
    expect(changeOfReturn({ claim_id: "claim_1", exchange_id: null })).toEqual({
      kind: "claim",
      id: "claim_1",
    })
    expect(changeOfReturn({})).toBeUndefined()
  })

  it("refuses the customer's cancel of a change's return, in words; a return of its own is not refused here", () => {
    expect(
      changeReturnCancelRefusal({ id: "return_1", exchange_id: "exchange_1" })
    ).toBe(
      "Return return_1 is part of an exchange (exchange_1): the store cancels it with the exchange"
    )
    expect(
      changeReturnCancelRefusal({ id: "return_2", claim_id: "claim_1" })
    ).toBe(
      "Return return_2 is part of a claim (claim_1): the store cancels it with the claim"
    )
    expect(changeReturnCancelRefusal({ id: "return_3" })).toBeNull()
  })
})
