/**
 * `X-Shipping-Services-Sandbox: clock=<ISO>; speed=<n>` on every sandbox answer, never the real
 * service's. Read only on answers to our own calls: a webhook's sender could write anything.
 */

export const SANDBOX_HEADER = "X-Shipping-Services-Sandbox"

export type SandboxClockReading = {
  /** Epoch milliseconds when it answered. */
  clockMs: number
  /** Sandbox milliseconds per real millisecond (0: frozen). */
  speed: number
}

/** Far above any real value; a longer header is not ours. */
const MAX_HEADER_LENGTH = 200
/** Beyond a year per second is nonsense. */
const MAX_SPEED = 365 * 24 * 3600

export function formatSandboxHeader(reading: SandboxClockReading): string {
  return `clock=${new Date(reading.clockMs).toISOString()}; speed=${reading.speed}`
}

/** A malformed value says nothing: the service is then taken for the real one, whose rules are stricter. */
export function parseSandboxHeader(
  value: string | null | undefined
): SandboxClockReading | undefined {
  if (!value || value.length > MAX_HEADER_LENGTH) return undefined
  const fields = new Map<string, string>()
  for (const part of value.split(";")) {
    const eq = part.indexOf("=")
    if (eq < 0) return undefined
    const key = part.slice(0, eq).trim()
    if (fields.has(key)) return undefined
    fields.set(key, part.slice(eq + 1).trim())
  }
  const clock = fields.get("clock")
  const speed = Number(fields.get("speed"))
  if (!clock || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(clock))
    return undefined
  const clockMs = Date.parse(clock)
  // Date.parse rolls 2026-02-30 over into March.
  if (
    !Number.isFinite(clockMs) ||
    new Date(clockMs).toISOString().slice(0, 19) !== clock.slice(0, 19)
  )
    return undefined
  if (
    fields.get("speed") === "" ||
    !Number.isFinite(speed) ||
    speed < 0 ||
    speed > MAX_SPEED
  )
    return undefined
  return { clockMs, speed }
}
