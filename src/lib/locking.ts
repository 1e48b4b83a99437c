import { AsyncLocalStorage } from "node:async_hooks"
import { Limiter } from "../shipping-api/client/limiter"

export type LockingLike = {
  execute<T>(
    keys: string | string[],
    job: () => Promise<T>,
    args?: { timeout?: number; expire?: number }
  ): Promise<T>
}

/** Every locking provider of Medusa 2.21 fails a timed-out wait with "Timed-out acquiring lock." */
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
  /** Queue callers of one key in this process, holding at most `capacity` locks of this family. */
  family?: string
  capacity?: number
  /** Answer "busy" when another holder keeps the key past `timeout` (a failure inside is rethrown). */
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
 * A `family` queues callers here without a connection: the PostgreSQL provider holds a pooled
 * connection while a caller waits, and a burst of 200 webhooks starved the holders. A nested lock skips
 * the bound, as it may need its outer lock's slot. Without a Locking Module the job runs unserialised.
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

/** For tests. */
export function queuedKeys(): number {
  return tails.size
}
