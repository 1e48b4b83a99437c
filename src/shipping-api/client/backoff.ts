// Full jitter: clients throttled together do not come back together.

export type BackoffSettings = {
  baseMs: number
  capMs: number
  /** A longer Retry-After is not waited for: the call fails and says how long to wait. */
  maxRetryAfterMs: number
}

export const DEFAULT_BACKOFF: BackoffSettings = {
  baseMs: 250,
  capMs: 8_000,
  maxRetryAfterMs: 60_000,
}

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

/** Delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when unreadable or past. */
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
