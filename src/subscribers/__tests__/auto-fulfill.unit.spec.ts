import { Modules } from "@medusajs/framework/utils"
import autoFulfill, { AUTO_FULFILL_RETRY_EVENT } from "../auto-fulfill"
import { autoFulfillEvent } from "../../orchestration/auto-fulfillment/auto-fulfill"
import { PLUGIN_EVENT_OPTIONS } from "../../orchestration/events/plugin-events"

jest.mock("../../orchestration/auto-fulfillment/auto-fulfill", () => ({
  autoFulfillEvent: jest.fn(),
}))
const work = autoFulfillEvent as jest.MockedFunction<typeof autoFulfillEvent>

const run = (container: any, name: string, data: Record<string, unknown>) =>
  autoFulfill({ event: { name, data }, container } as never)

function fakeContainer(emit?: () => Promise<void>) {
  const emitted: { events: unknown; options: unknown }[] = []
  const warnings: string[] = []
  const services: Record<string, unknown> = {
    [Modules.EVENT_BUS]: {
      emit: async (events: unknown, options: unknown) => {
        if (emit) await emit()
        emitted.push({ events, options })
      },
    },
    logger: { warn: (m: string) => void warnings.push(m) },
  }
  return {
    container: { resolve: (key: string) => services[key] } as any,
    emitted,
    warnings,
  }
}

describe("a failed order.placed or payment.captured is run again with the plugin's retries", () => {
  it("emits nothing when the work succeeds, and gives its result back", async () => {
    const { container, emitted } = fakeContainer()
    work.mockResolvedValueOnce({ status: "skipped", reason: "done" })
    await run(container, "order.placed", { id: "order_1" })
    expect(work).toHaveBeenLastCalledWith(container, "order.placed", "order_1")
    expect(emitted).toEqual([])
  })

  it("on a failure, emits the plugin's copy with its retries, says so, and throws the failure on", async () => {
    const { container, emitted, warnings } = fakeContainer()
    work.mockRejectedValueOnce(new Error("Connection terminated unexpectedly"))
    await expect(
      run(container, "payment.captured", { id: "pay_1" })
    ).rejects.toThrow("Connection terminated unexpectedly")
    expect(emitted).toEqual([
      {
        events: {
          name: AUTO_FULFILL_RETRY_EVENT,
          data: { source: "payment.captured", id: "pay_1" },
        },
        options: {
          attempts: PLUGIN_EVENT_OPTIONS.attempts,
          backoff: { ...PLUGIN_EVENT_OPTIONS.backoff },
        },
      },
    ])
    expect(warnings[0]).toMatch(
      /payment\.captured of pay_1 failed \(Connection terminated unexpectedly\); tried again with retries/
    )
  })

  it("when the copy cannot be emitted either, says the sweep takes the order up, and throws the first failure", async () => {
    const { container, emitted, warnings } = fakeContainer(async () => {
      throw new Error("Redis away")
    })
    work.mockRejectedValueOnce(new Error("database away"))
    await expect(
      run(container, "order.placed", { id: "order_2" })
    ).rejects.toThrow("database away")
    expect(emitted).toEqual([])
    expect(warnings[0]).toMatch(
      /order\.placed of order_2 failed \(database away\), and its retry could not be queued \(Redis away\): the sweep/
    )
  })

  it("runs a copy and an order change once, throwing a failed copy for the bus to retry", async () => {
    const { container, emitted } = fakeContainer()
    work.mockResolvedValueOnce({ status: "skipped", reason: "x" })
    await run(container, "order-edit.confirmed", { order_id: "order_3" })
    expect(work).toHaveBeenLastCalledWith(container, "order.changed", "order_3")
    work.mockRejectedValueOnce(new Error("still away"))
    await expect(
      run(container, AUTO_FULFILL_RETRY_EVENT, {
        source: "order.placed",
        id: "order_4",
      })
    ).rejects.toThrow("still away")
    expect(emitted).toEqual([])
  })
})
