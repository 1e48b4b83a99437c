import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { messageOf } from "../../lib/errors"

/**
 * How the plugin's own events are emitted. Medusa's Redis event bus runs each event once by
 * default (`attempts: 1`): a subscriber that fails (a lock timeout, a database hiccup, a worker
 * stopping) would leave its work undone until a job finds it. With these options the bus runs
 * the failed subscribers of an event again, 2, 4, 8, 16 and 32 s later (BullMQ's exponential
 * backoff; subscribers that succeeded are not run again): an event outlives a database away for
 * about a minute (the platform-faults cluster test stops it for 20 s). The local event bus of a
 * single-process app ignores them.
 */
export const PLUGIN_EVENT_OPTIONS = Object.freeze({
  attempts: 6,
  backoff: Object.freeze({ type: "exponential", delay: 2_000 }),
})

export type PluginEvent = { name: string; data: Record<string, unknown> }

type EventBusLike = {
  emit(
    events: PluginEvent | PluginEvent[],
    options?: Record<string, unknown>
  ): Promise<unknown>
}

/** Emits plugin events with PLUGIN_EVENT_OPTIONS (the one place the plugin emits from). */
export async function emitPluginEvents(
  bus: EventBusLike,
  events: PluginEvent[]
): Promise<void> {
  if (!events.length) return
  await bus.emit(events.length === 1 ? events[0]! : events, {
    ...PLUGIN_EVENT_OPTIONS,
    backoff: { ...PLUGIN_EVENT_OPTIONS.backoff },
  })
}

export function eventBusOf(container: MedusaContainer): EventBusLike {
  return container.resolve(Modules.EVENT_BUS) as unknown as EventBusLike
}

/**
 * Runs the plugin's subscriber of a Medusa event once, and when it fails, hands the work to the
 * plugin's own retries: `retry` (a plugin event whose subscriber does the same work again, and
 * throws to be run again) is emitted with PLUGIN_EVENT_OPTIONS. Medusa emits its events once,
 * without retries. The failure is thrown on, so Medusa logs it as before; when even the copy
 * cannot be emitted (Redis away too), that is logged, and `lastResort` is left.
 */
export async function withPluginRetry<T>(
  container: MedusaContainer,
  retry: PluginEvent,
  what: string,
  run: () => Promise<T>,
  /** What takes the work up when even the copy cannot be emitted (for the log). */
  lastResort = "a sweep of the plugin's takes it up"
): Promise<T> {
  try {
    return await run()
  } catch (error) {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    try {
      await emitPluginEvents(eventBusOf(container), [retry])
      logger.warn(
        `shipping-services: ${what} failed (${messageOf(error)}); tried again with retries (${retry.name})`
      )
    } catch (emitError) {
      logger.warn(
        `shipping-services: ${what} failed (${messageOf(error)}), and its retry could not be queued (${messageOf(emitError)}): ${lastResort}`
      )
    }
    throw error
  }
}
