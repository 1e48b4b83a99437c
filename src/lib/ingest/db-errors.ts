// The webhook receiver answers 400 when the values were refused (resending cannot help), 503 when
// the database failed.

/** Data exceptions, integrity violations, limits (e.g. an index row too large). */
const INPUT_CLASSES = new Set(["22", "23", "54"])

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "3D000",
])

const codeOf = (e: unknown): string | undefined => {
  const code = (e as { code?: unknown } | null)?.code
  return typeof code === "string" ? code : undefined
}

export function isInputError(error: unknown): boolean {
  const code = codeOf(error)
  return (
    !!code && /^[0-9A-Z]{5}$/.test(code) && INPUT_CLASSES.has(code.slice(0, 2))
  )
}

/** No retry of single rows helps. */
export function isConnectionError(error: unknown): boolean {
  const code = codeOf(error)
  if (code && (CONNECTION_CODES.has(code) || code.startsWith("08"))) return true
  const name = (error as { name?: unknown } | null)?.name
  const message = error instanceof Error ? error.message : ""
  return (
    name === "KnexTimeoutError" ||
    name === "DatabaseUnreachableError" ||
    /Connection terminated|Timeout acquiring a connection|not currently accepting connections|Client has encountered a connection error/i.test(
      message
    )
  )
}
