// A shutdown waits for background work so no label or tracking write is cut off. On globalThis:
// loaders and a test file may load this module twice.
type Registry = { running: number }

const KEY = Symbol.for("medusa-plugin-shipping-services.in-flight")

function registry(): Registry {
  const holder = globalThis as { [KEY]?: Registry }
  return (holder[KEY] ??= { running: 0 })
}

export async function inFlight<T>(job: () => Promise<T>): Promise<T> {
  const r = registry()
  r.running++
  try {
    return await job()
  } finally {
    r.running--
  }
}

export function runningInFlight(): number {
  return registry().running
}

/** Waits for `quietMs` of no work, as work often starts a moment after its event; false on timeout. */
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
