import { SHIPPING_SERVICES_MODULE } from "../../../options/resolve"
import { runThenFail } from "../../__tests__/run-then-fail"
import { awaitAdminFulfillmentStep } from ".."

const facts = {
  option_id: "postal-ground",
  lane: "domestic" as const,
  display_id: 12,
  placed_at: "2026-11-25T10:00:00.000Z" as unknown as Date,
}

describe("await-admin-fulfillment workflow", () => {
  it("records the order as waiting for an admin (a date from the Redis engine as a Date), and removes that row when a later step fails", async () => {
    const queue = {
      recordManual: jest.fn(async () => ({ id: "ssaf_1" })),
      removeManual: jest.fn(async () => undefined),
    }
    const shipping = { queue: () => queue }
    await runThenFail(
      awaitAdminFulfillmentStep,
      { order_id: "order_1", facts },
      { [SHIPPING_SERVICES_MODULE]: shipping }
    )
    expect(queue.recordManual).toHaveBeenCalledWith("order_1", {
      ...facts,
      placed_at: new Date("2026-11-25T10:00:00.000Z"),
    })
    expect(queue.removeManual).toHaveBeenCalledWith("ssaf_1")
  })

  it("never removes a row it did not make (the order had one already)", async () => {
    const queue = {
      recordManual: jest.fn(async () => null),
      removeManual: jest.fn(async () => undefined),
    }
    const shipping = { queue: () => queue }
    await runThenFail(
      awaitAdminFulfillmentStep,
      { order_id: "order_1", facts },
      { [SHIPPING_SERVICES_MODULE]: shipping }
    )
    expect(queue.removeManual).not.toHaveBeenCalled()
  })
})
