import { Modules } from "@medusajs/framework/utils"
import { SHIPPING_SERVICES_MODULE } from "../../../options/resolve"
import { whenIdle } from "../../../lib/in-flight"
import { emitPluginEvents, PLUGIN_EVENT_OPTIONS } from "../plugin-events"
import {
  announceStoredTracking,
  TRACKING_STORED_EVENT,
} from "../../tracking/tracking-announcer"
import { sweepDeps } from "../../tracking/tracking-poll"

type Emitted = { events: unknown; options: Record<string, any> | undefined }

function fakeContainer() {
  const emitted: Emitted[] = []
  const services: Record<string, unknown> = {
    [Modules.EVENT_BUS]: {
      emit: async (events: unknown, options?: Record<string, any>) =>
        void emitted.push({ events, options }),
    },
    [SHIPPING_SERVICES_MODULE]: {
      listWebhookRegistrations: async () => [],
      updateWebhookRegistrations: async () => undefined,
    },
    logger: {
      warn: () => undefined,
      info: () => undefined,
      debug: () => undefined,
      error: () => undefined,
    },
  }
  const container = { resolve: (key: string) => services[key] } as any
  return { container, emitted }
}

describe("the plugin's events are emitted with retries (Medusa's Redis bus runs an event once by default)", () => {
  it("emitPluginEvents: more than one attempt, with a backoff; nothing for no events", async () => {
    const { container, emitted } = fakeContainer()
    const bus = container.resolve(Modules.EVENT_BUS)
    await emitPluginEvents(bus, [])
    expect(emitted).toEqual([])
    await emitPluginEvents(bus, [{ name: "x", data: { a: 1 } }])
    await emitPluginEvents(bus, [
      { name: "y", data: {} },
      { name: "z", data: {} },
    ])
    expect(emitted).toEqual([
      {
        events: { name: "x", data: { a: 1 } },
        options: { attempts: 6, backoff: { type: "exponential", delay: 2000 } },
      },
      {
        events: [
          { name: "y", data: {} },
          { name: "z", data: {} },
        ],
        options: { attempts: 6, backoff: { type: "exponential", delay: 2000 } },
      },
    ])
    expect(PLUGIN_EVENT_OPTIONS.attempts).toBeGreaterThan(1)
  })

  it("the webhook route's announcement of stored tracking events", async () => {
    const { container, emitted } = fakeContainer()
    announceStoredTracking(container, ["T1", "T2"], "tracking")
    announceStoredTracking(container, ["T3"], "tracking")
    await whenIdle({ timeoutMs: 2_000, quietMs: 20 })
    expect(emitted).toEqual([
      {
        events: {
          name: TRACKING_STORED_EVENT,
          data: { tracking_numbers: ["T1", "T2", "T3"] },
        },
        options: expect.objectContaining({ attempts: 6 }),
      },
    ])
  })

  it("the polling sweep's announcement", async () => {
    const { container, emitted } = fakeContainer()
    await sweepDeps(container).announce(["T9"])
    expect(emitted).toEqual([
      {
        events: {
          name: TRACKING_STORED_EVENT,
          data: { tracking_numbers: ["T9"] },
        },
        options: expect.objectContaining({ attempts: 6 }),
      },
    ])
  })
})

describe("withPluginRetry: a Medusa event's work handed to the plugin's retries when it fails", () => {
  it("runs the work once; on failure emits the retry with the plugin's options and throws the failure on", async () => {
    const { container, emitted } = fakeContainer()
    const { withPluginRetry } = await import("../plugin-events")
    const retry = { name: "shipping-services.x.requested", data: { id: "x_1" } }
    expect(
      await withPluginRetry(container, retry, "the work", async () => "done")
    ).toBe("done")
    expect(emitted).toEqual([])
    await expect(
      withPluginRetry(container, retry, "the work", async () => {
        throw new Error("database away")
      })
    ).rejects.toThrow("database away")
    expect(emitted).toEqual([
      {
        events: retry,
        options: { attempts: 6, backoff: { type: "exponential", delay: 2000 } },
      },
    ])
  })

  it("still throws the work's failure when the retry cannot be emitted either", async () => {
    const { container } = fakeContainer()
    const bus = container.resolve(Modules.EVENT_BUS)
    bus.emit = async () => {
      throw new Error("redis away")
    }
    const { withPluginRetry } = await import("../plugin-events")
    await expect(
      withPluginRetry(
        container,
        { name: "r", data: {} },
        "the work",
        async () => {
          throw new Error("database away")
        }
      )
    ).rejects.toThrow("database away")
  })
})
