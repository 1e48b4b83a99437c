import { AsyncLocalStorage } from "node:async_hooks"
import { Limiter } from "../shipping-api/client/limiter"

import type { LockingLike } from "../lib/locking"

export type { LockingLike }

export type LockOptions = {
  /** Locks of one family share a bound on how many this process holds at once. */
  family: string
  capacity: number
  /** Seconds to wait for another process's holder. */
  timeout?: number
}

const inside = new AsyncLocalStorage<true>()
const tails = new Map<string, Promise<void>>()
const families = new Map<string, Limiter>()

function limiterOf(family: string, capacity: number): Limiter {
  let limiter = families.get(family)
  if (!limiter) families.set(family, (limiter = new Limiter(capacity)))
  return limiter
}

/**
 * Medusa's locking module, made safe for bursts. The PostgreSQL provider holds a pooled
 * connection for as long as a caller holds *or waits for* a lock, and the job needs more
 * connections of the same pool: a burst of subscribers (200 tracking webhooks at once) used to
 * take every connection with waiters and starve the holders until the pool timed out. So callers
 * of one key queue here, in this process, without a connection; at most `capacity` locks of a
 * family are held at once; the provider still serialises across processes. A lock taken inside
 * another skips the bound: it may need the very slot its outer lock holds.
 */
export async function withLock<T>(
  locking: LockingLike,
  key: string,
  job: () => Promise<T>,
  options: LockOptions
): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve()
  let done!: () => void
  const mine = new Promise<void>((resolve) => (done = resolve))
  const tail = previous.then(() => mine)
  tails.set(key, tail)
  try {
    await previous
    const hold = () =>
      locking.execute(
        key,
        () => inside.run(true, job),
        options.timeout ? { timeout: options.timeout } : undefined
      )
    if (inside.getStore()) return await hold()
    return await limiterOf(options.family, options.capacity).run(hold)
  } finally {
    done()
    if (tails.get(key) === tail) tails.delete(key)
  }
}

/** For tests: how many keys have callers queued in this process. */
export function queuedKeys(): number {
  return tails.size
}
