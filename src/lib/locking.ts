import { AsyncLocalStorage } from "node:async_hooks"
import { Limiter } from "../shipping-api/client/limiter"

/**
 * What the plugin uses of Medusa's Locking Module (its `execute`), declared once: the
 * orchestration's locks, the webhook registration, the polling sweep and the contact cache.
 */
export type LockingLike = {
  execute<T>(
    keys: string | string[],
    job: () => Promise<T>,
    args?: { timeout?: number; expire?: number }
  ): Promise<T>
}

/** Every locking provider of Medusa 2.21 fails a wait that timed out with "Timed-out acquiring lock." */
export function isLockTimeout(error: unknown): boolean {
  return (
    error instanceof Error && /timed-?out acquiring lock/i.test(error.message)
  )
}

export type LockOptions = {
  /** Seconds to wait for another process's holder. */
  timeout?: number
  /** Seconds after which the provider frees a lock its holder never released. */
  expire?: number
  /**
   * Queue callers of one key in this process, without a connection, and hold at most
   * `capacity` locks of this family at once (see withLock).
   */
  family?: string
  capacity?: number
  /**
   * "busy": answer "busy" instead of failing when another holder keeps the key past `timeout`
   * (the job then did not start; a failure inside it is rethrown as it is).
   */
  whenHeld?: "busy"
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
 * Runs `job` under `key` with Medusa's Locking Module; without one (never in a Medusa app) the
 * job runs unserialised.
 *
 * With a `family`, made safe for bursts: the PostgreSQL provider holds a pooled connection for as
 * long as a caller holds *or waits for* a lock, and the job needs more connections of the same
 * pool: a burst of subscribers (200 tracking webhooks at once) used to take every connection with
 * waiters and starve the holders until the pool timed out. So callers of one key queue here, in
 * this process, without a connection; at most `capacity` locks of a family are held at once; the
 * provider still serialises across processes. A lock taken inside another skips the bound: it may
 * need the very slot its outer lock holds.
 *
 * With `whenHeld: "busy"`, a key held past `timeout` answers "busy" (a sweep or a setup that
 * another process is running already).
 */
export async function withLock<T>(
  locking: LockingLike | undefined,
  key: string,
  job: () => Promise<T>,
  options: LockOptions & { whenHeld: "busy" }
): Promise<T | "busy">
export async function withLock<T>(
  locking: LockingLike | undefined,
  key: string,
  job: () => Promise<T>,
  options?: LockOptions & { whenHeld?: undefined }
): Promise<T>
export async function withLock<T>(
  locking: LockingLike | undefined,
  key: string,
  job: () => Promise<T>,
  options: LockOptions = {}
): Promise<T | "busy"> {
  const family = options.family
  const hold = async (): Promise<T | "busy"> => {
    if (!locking) return job()
    const args =
      options.timeout || options.expire !== undefined
        ? {
            ...(options.timeout !== undefined
              ? { timeout: options.timeout }
              : {}),
            ...(options.expire !== undefined ? { expire: options.expire } : {}),
          }
        : undefined
    let started = false
    try {
      return await locking.execute(
        key,
        () => {
          started = true
          return family ? inside.run(true, job) : job()
        },
        args
      )
    } catch (error) {
      if (options.whenHeld === "busy" && !started && isLockTimeout(error))
        return "busy"
      throw error
    }
  }
  if (!family) return hold()
  const previous = tails.get(key) ?? Promise.resolve()
  let done!: () => void
  const mine = new Promise<void>((resolve) => (done = resolve))
  const tail = previous.then(() => mine)
  tails.set(key, tail)
  try {
    await previous
    if (inside.getStore()) return await hold()
    return await limiterOf(family, options.capacity ?? 1).run(hold)
  } finally {
    done()
    if (tails.get(key) === tail) tails.delete(key)
  }
}

/** For tests: how many keys have callers queued in this process. */
export function queuedKeys(): number {
  return tails.size
}
