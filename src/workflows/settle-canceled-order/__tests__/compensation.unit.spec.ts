import { SHIPPING_SERVICES_MODULE } from "../../../options/resolve"
import { runThenFail } from "../../__tests__/run-then-fail"
import { settleCanceledOrderStep } from ".."

describe("settle-canceled-order workflow", () => {
  it("gives the settled rows back when a later step fails", async () => {
    const settled = [
      {
        id: "ssaf_1",
        status: "failed",
        next_attempt_at: null,
        held_at: null,
        last_error: { message: "the service was down" },
      },
    ]
    const queue = {
      settleCanceledOrder: jest.fn(async () => settled),
      restoreSettled: jest.fn(async () => undefined),
    }
    const shipping = { queue: () => queue }
    const { errors } = await runThenFail(
      settleCanceledOrderStep,
      { order_id: "order_1" },
      { [SHIPPING_SERVICES_MODULE]: shipping }
    )
    expect(errors).toEqual(["a later step failed"])
    expect(queue.settleCanceledOrder).toHaveBeenCalledWith("order_1")
    expect(queue.restoreSettled).toHaveBeenCalledWith(settled)
  })

  it("has nothing to give back when no row was settled", async () => {
    const queue = {
      settleCanceledOrder: jest.fn(async () => []),
      restoreSettled: jest.fn(async () => undefined),
    }
    const shipping = { queue: () => queue }
    await runThenFail(
      settleCanceledOrderStep,
      { order_id: "order_1" },
      { [SHIPPING_SERVICES_MODULE]: shipping }
    )
    expect(queue.restoreSettled).not.toHaveBeenCalled()
  })
})
