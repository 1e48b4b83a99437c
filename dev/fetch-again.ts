/**
 * fetch for the seed, the demo and the tests' clients, sent again when the connection broke
 * before any answer came: ECONNRESET, or the socket closed under the request (UND_ERR_SOCKET).
 *
 * fetch keeps connections alive and sends the next request on one the app may be closing: Node's
 * server closes a connection idle for 5 s (keepAliveTimeout), and on a loaded machine the
 * client's own idle timer (undici's, shorter than the server's by a margin of about a second)
 * can fire late. CI met such resets on the browser group's first admin requests after
 * `medusa develop` served the admin (dc67611 and the run after it, the app's log showing no
 * restart and no error) and once in webhook-receiver.spec. A reset before any answer is the
 * transport's, not the app's: sent again on another connection, as a browser does. Should the
 * app have applied a POST before resetting, the second one meets the first: most of the seed's
 * (a region's countries, a product's handle) are unique and fail loudly.
 */
export const RESET_CODES: ReadonlySet<string> = new Set([
  "ECONNRESET",
  "UND_ERR_SOCKET",
])

/** The low-level code of a failed fetch (`TypeError: fetch failed`, cause ECONNRESET...). */
export function resetCode(error: unknown): string | undefined {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code
  return typeof code === "string" && RESET_CODES.has(code) ? code : undefined
}

/**
 * `send` once, and again (at most `again` more times, `pauseMs` apart) while it fails with a
 * reset; any other failure, and an answer of any status, is returned as it is. `send` makes a
 * new request each time: a body cannot be read twice.
 */
export async function sendAgainOnReset<T>(
  send: () => Promise<T>,
  { again = 2, pauseMs = 100 }: { again?: number; pauseMs?: number } = {}
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send()
    } catch (error) {
      if (attempt >= again || !resetCode(error)) throw error
      await new Promise((r) => setTimeout(r, pauseMs))
    }
  }
}

/** `fetch(url, init)`, sent again on a reset as above. */
export function fetchAgainOnReset(
  url: string,
  init: RequestInit = {}
): Promise<Response> {
  return sendAgainOnReset(() => fetch(url, init))
}
