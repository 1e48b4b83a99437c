import type { Logger } from "@medusajs/framework/types"
import { runningInFlight, whenIdle } from "../../lib/in-flight"
import { runShutdown, runStartUp } from "../../lib/start-up"
import type { Leases } from "./leases"

/** Medusa's test runner gives a shutdown 5 s. */
const SHUTDOWN_GRACE_MS = 4_000

/** What Medusa reads of a module service's `__hooks` (MedusaModule.onApplicationStart). */
export type LifecycleHooks = {
  onApplicationStart?: () => Promise<void>
  onApplicationPrepareShutdown?: () => Promise<void>
}

export function lifecycleHooks(
  service: Parameters<typeof runStartUp>[0],
  logger: Logger,
  leases: Leases
): LifecycleHooks {
  return {
    // The start-up work itself is registered by the layers above: imports point one way.
    onApplicationStart: async () => {
      await runStartUp(service, logger)
    },
    // Let background work finish its writes before Medusa closes the pool; bounded, as orchestrators kill slow stoppers.
    onApplicationPrepareShutdown: async () => {
      leases.stop()
      runShutdown()
      if (!(await whenIdle({ timeoutMs: SHUTDOWN_GRACE_MS, quietMs: 100 }))) {
        logger.warn(
          `shipping-services: stopping with ${runningInFlight()} background job(s) still running; jobs and retries finish their work after the restart`
        )
      }
    },
  }
}
