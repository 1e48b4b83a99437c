import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { messageOf } from "../../lib/errors"

/**
 * Medusa's Redis bus runs an event once by default; these options rerun failed subscribers after 2-32 s, so an event
 * outlives a minute of database downtime. The local bus ignores them.
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

/** The one place the plugin emits from. */
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
 * Medusa emits its events once: on failure, `retry` is emitted with PLUGIN_EVENT_OPTIONS and the error rethrown.
 * If even that emit fails, it is logged with `lastResort`.
 */
export async function withPluginRetry<T>(
  container: MedusaContainer,
  retry: PluginEvent,
  what: string,
  run: () => Promise<T>,
  /** For the log. */
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
