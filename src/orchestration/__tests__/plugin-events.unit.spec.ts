import { Modules } from "@medusajs/framework/utils"
import { SHIPPING_SERVICES_MODULE } from "../../options/resolve"
import { whenIdle } from "../../lib/in-flight"
import { emitPluginEvents, PLUGIN_EVENT_OPTIONS } from "../plugin-events"
import {
  announceStoredTracking,
  TRACKING_STORED_EVENT,
} from "../tracking-announcer"
import { sweepDeps } from "../tracking-poll"

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
