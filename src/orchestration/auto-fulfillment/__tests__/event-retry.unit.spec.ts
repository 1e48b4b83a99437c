import { Modules } from "@medusajs/framework/utils"
import { AUTO_FULFILL_RETRY_EVENT, withAutoFulfillRetry } from "../event-retry"
import { PLUGIN_EVENT_OPTIONS } from "../../events/plugin-events"

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
    await expect(
      withAutoFulfillRetry(
        container,
        { source: "order.placed", id: "order_1" },
        async () => "done"
      )
    ).resolves.toBe("done")
    expect(emitted).toEqual([])
  })

  it("on a failure, emits the plugin's copy with its retries, says so, and throws the failure on", async () => {
    const { container, emitted, warnings } = fakeContainer()
    await expect(
      withAutoFulfillRetry(
        container,
        { source: "payment.captured", id: "pay_1" },
        async () => {
          throw new Error("Connection terminated unexpectedly")
        }
      )
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
    await expect(
      withAutoFulfillRetry(
        container,
        { source: "order.placed", id: "order_2" },
        async () => {
          throw new Error("database away")
        }
      )
    ).rejects.toThrow("database away")
    expect(emitted).toEqual([])
    expect(warnings[0]).toMatch(
      /order\.placed of order_2 failed \(database away\), and its retry could not be queued \(Redis away\): the sweep/
    )
  })
})
