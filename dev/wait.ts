/** Polls `probe` until it returns a value (not undefined, null or false) or the time is up. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | false | null>,
  what: string,
  timeoutMs = 20_000,
  everyMs = 100
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  while (Date.now() < deadline) {
    try {
      const value = await probe()
      if (value !== undefined && value !== false && value !== null)
        return value as T
    } catch (e) {
      last = e
    }
    await new Promise((r) => setTimeout(r, everyMs))
  }
  throw new Error(
    `timed out waiting for ${what}${last ? `: ${errorText(last)}` : ""}`
  )
}

/** An error's message with its cause's (fetch's own reason, e.g. "bad port", is only there). */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = (error as { cause?: unknown }).cause
  return cause instanceof Error
    ? `${error.message} (${cause.message})`
    : error.message
}
