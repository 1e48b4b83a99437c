/**
 * Waiting between attempts. Full jitter (a random delay between 0 and an exponential cap) keeps
 * many clients that were throttled together from coming back together.
 */

export type BackoffSettings = {
  /** Cap of the first retry's delay. */
  baseMs: number
  /** Largest delay between two attempts. */
  capMs: number
  /** A Retry-After longer than this is not waited for: the call fails and says how long to wait. */
  maxRetryAfterMs: number
}

export const DEFAULT_BACKOFF: BackoffSettings = {
  baseMs: 250,
  capMs: 8_000,
  maxRetryAfterMs: 60_000,
}

/** Delay before attempt `attempt + 1`, after `attempt` (1-based) attempts failed. */
export function fullJitterDelay(
  attempt: number,
  settings: BackoffSettings,
  random: () => number
): number {
  const ceiling = Math.min(
    settings.capMs,
    settings.baseMs * 2 ** Math.max(0, attempt - 1)
  )
  return Math.floor(random() * ceiling)
}

/**
 * Retry-After as milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3). Unreadable or
 * past values give undefined (the caller falls back to jittered backoff).
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number
): number | undefined {
  if (!value) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const at = Date.parse(trimmed)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - now)
}

export const realSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms))
