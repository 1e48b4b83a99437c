import type { Logger } from "@medusajs/framework/types"

/**
 * The module must not import the orchestration, so the API and job glue register this work, which the
 * module's onApplicationStart runs; kept on globalThis as loaders may load this module twice.
 */
export type StartUpWork = (service: never, logger: Logger) => Promise<void>

const KEY = Symbol.for("medusa-plugin-shipping-services.start-up")

function registry(): Set<StartUpWork> {
  const holder = globalThis as { [KEY]?: Set<StartUpWork> }
  return (holder[KEY] ??= new Set())
}

export function registerStartUp<S>(
  work: (service: S, logger: Logger) => Promise<void>
): void {
  registry().add(work as StartUpWork)
}

/** Nothing registered: nothing. */
export async function runStartUp<S>(service: S, logger: Logger): Promise<void> {
  for (const work of registry())
    await (work as (service: S, logger: Logger) => Promise<void>)(
      service,
      logger
    )
}

const STOP_KEY = Symbol.for("medusa-plugin-shipping-services.shut-down")

/** Run once by the module's onApplicationPrepareShutdown hook. */
export function registerShutdown(stop: () => void): void {
  const holder = globalThis as { [STOP_KEY]?: Set<() => void> }
  ;(holder[STOP_KEY] ??= new Set()).add(stop)
}

export function runShutdown(): void {
  const holder = globalThis as { [STOP_KEY]?: Set<() => void> }
  const stops = [...(holder[STOP_KEY] ?? [])]
  holder[STOP_KEY]?.clear()
  for (const stop of stops) stop()
}
