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

/**
 * Runs `job` under `key`, or answers "busy" when another holder keeps the key past
 * `timeout` seconds (the job then did not start: a failure inside it is rethrown as it is).
 * Without a Locking Module (never in a Medusa app) the job runs unserialised.
 */
export async function withLockOrBusy<T>(
  locking: LockingLike | undefined,
  key: string,
  job: () => Promise<T>,
  options: { timeout: number; expire: number }
): Promise<T | "busy"> {
  if (!locking) return job()
  let started = false
  try {
    return await locking.execute(
      key,
      () => {
        started = true
        return job()
      },
      options
    )
  } catch (error) {
    if (!started && isLockTimeout(error)) return "busy"
    throw error
  }
}
