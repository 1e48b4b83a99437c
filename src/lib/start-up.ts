import type { Logger } from "@medusajs/framework/types"

/**
 * The plugin's start-up work (webhook registration, boot recovery, warnings:
 * src/orchestration/start-up/boot.ts), handed to the module, which runs it from Medusa's
 * onApplicationStart hook. The module sits below the orchestration and must not import it, so
 * the glue registers the work: Medusa loads the API (servers and shared instances) and the jobs
 * (workers and shared instances) before it runs the modules' start hooks, and each registers it
 * (src/api/middlewares.ts, src/jobs/recover-interrupted-work.ts); registering twice is once.
 *
 * One registry per process, kept on globalThis: Medusa's loaders may load this file as two
 * module instances (as src/lib/in-flight.ts).
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

/** Runs the registered start-up work with the module's service (none registered: nothing). */
export async function runStartUp<S>(service: S, logger: Logger): Promise<void> {
  for (const work of registry())
    await (work as (service: S, logger: Logger) => Promise<void>)(
      service,
      logger
    )
}

const STOP_KEY = Symbol.for("medusa-plugin-shipping-services.shut-down")

/**
 * Work to stop when the application shuts down (a timer the start-up work started), run by the
 * module's onApplicationPrepareShutdown hook. Each runs once.
 */
export function registerShutdown(stop: () => void): void {
  const holder = globalThis as { [STOP_KEY]?: Set<() => void> }
  ;(holder[STOP_KEY] ??= new Set()).add(stop)
}

/** Runs and forgets the registered shutdown work. */
export function runShutdown(): void {
  const holder = globalThis as { [STOP_KEY]?: Set<() => void> }
  const stops = [...(holder[STOP_KEY] ?? [])]
  holder[STOP_KEY]?.clear()
  for (const stop of stops) stop()
}
