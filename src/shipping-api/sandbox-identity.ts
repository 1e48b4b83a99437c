/**
 * How the local sandbox (packages/sandbox) says it is the sandbox, and what its clock shows.
 *
 * The sandbox runs a clock of its own (started at `--start-time`, scaled by `--speed`, moved by
 * its control API), and dates every label, token and tracking event on it. Every answer it gives,
 * on every root, carries this header:
 *
 *   X-Shipping-Services-Sandbox: clock=2026-03-02T15:00:00.000Z; speed=1
 *
 * `clock` is its time when the request arrived, `speed` its sandbox seconds per real second.
 * The real service never sends it. The plugin reads it only on answers to its own calls to its
 * configured roots (never on an incoming webhook, whose sender could write anything), and then
 * judges tracking event dates against the sandbox's clock (docs/sandbox.md, "Identity and clock").
 * The same code writes and reads it, so the two cannot drift. No Medusa import.
 */

export const SANDBOX_HEADER = "X-Shipping-Services-Sandbox"

export type SandboxClockReading = {
  /** The sandbox's time when it answered, in epoch milliseconds. */
  clockMs: number
  /** Sandbox milliseconds per real millisecond (0: frozen). */
  speed: number
}

/** Far above any real value; a longer header is not ours. */
const MAX_HEADER_LENGTH = 200
/** `--speed` is a number of sandbox seconds per real second; beyond a year a second is nonsense. */
const MAX_SPEED = 365 * 24 * 3600

export function formatSandboxHeader(reading: SandboxClockReading): string {
  return `clock=${new Date(reading.clockMs).toISOString()}; speed=${reading.speed}`
}

/**
 * The reading of a header value, or undefined when it is absent or not exactly what
 * formatSandboxHeader writes (a malformed value says nothing: the service is then taken for
 * the real one, whose rules are the stricter).
 */
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
  // A real instant: Date.parse rolls 2026-02-30 over into March.
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
