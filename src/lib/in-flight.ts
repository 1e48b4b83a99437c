/**
 * The plugin's background work in this process: subscribers and scheduled jobs that run after the
 * request that caused them has been answered. A shutdown waits for it (the module's
 * onApplicationPrepareShutdown hook), so that a label bought or a tracking event applied is not
 * cut off between its writes; the http tests wait for it before the next test replaces the
 * database under it.
 *
 * One registry per process, kept on globalThis: Medusa's loaders and a test file may load this
 * file as two module instances.
 */
type Registry = { running: number }

const KEY = Symbol.for("medusa-plugin-shipping-services.in-flight")

function registry(): Registry {
  const holder = globalThis as { [KEY]?: Registry }
  return (holder[KEY] ??= { running: 0 })
}

/** Runs `job` as background work of the plugin. */
export async function inFlight<T>(job: () => Promise<T>): Promise<T> {
  const r = registry()
  r.running++
  try {
    return await job()
  } finally {
    r.running--
  }
}

/** How many background jobs of the plugin run in this process now. */
export function runningInFlight(): number {
  return registry().running
}

/**
 * Resolves true once no background work has run for `quietMs` (work often starts a moment after
 * the event that causes it), or false when `timeoutMs` passes first.
 */
export async function whenIdle({
  timeoutMs,
  quietMs = 0,
  everyMs = 25,
}: {
  timeoutMs: number
  quietMs?: number
  everyMs?: number
}): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  let idleSince = registry().running === 0 ? Date.now() : Infinity
  for (;;) {
    const now = Date.now()
    if (registry().running > 0) idleSince = Infinity
    else if (idleSince === Infinity) idleSince = now
    if (now - idleSince >= quietMs) return true
    if (now >= deadline) return false
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(everyMs, Math.max(1, deadline - now)))
    )
  }
}
