import type { Logger } from "@medusajs/framework/types"
import { runningInFlight, whenIdle } from "../../lib/in-flight"
import { runShutdown, runStartUp } from "../../lib/start-up"
import type { Leases } from "./leases"

/** How long a shutdown waits for background work (Medusa's test runner gives a shutdown 5 s). */
const SHUTDOWN_GRACE_MS = 4_000

/** What Medusa reads of a module service's `__hooks` (MedusaModule.onApplicationStart). */
export type LifecycleHooks = {
  onApplicationStart?: () => Promise<void>
  onApplicationPrepareShutdown?: () => Promise<void>
}

/** The module's start-up and shutdown work. */
export function lifecycleHooks(
  service: Parameters<typeof runStartUp>[0],
  logger: Logger,
  leases: Leases
): LifecycleHooks {
  // Start-up work of the plugin (webhook registration, boot recovery, warnings), registered by
  // the glue above this module: src/lib/start-up.ts.
  return {
    onApplicationStart: async () => {
      await runStartUp(service, logger)
    },
    // Before Medusa closes the database pool: let background work (a label being bought, a
    // timeline being applied) finish its writes rather than stop between them. Bounded, as
    // orchestrators kill a process that does not stop soon after SIGTERM.
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
