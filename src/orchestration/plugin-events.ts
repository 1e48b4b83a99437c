import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

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
