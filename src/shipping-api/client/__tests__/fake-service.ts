import type { ShippingClientConfig } from "../config"

/**
 * A fake transport for the client's tests: no network, every request recorded, answers scripted
 * by a handler. `hang` never answers (until the client aborts), `drop` fails like a reset socket.
 */

export type FakeRequest = {
  method: string
  url: URL
  path: string
  headers: Headers
  body: string | undefined
  json(): any
}

export type FakeAnswer = Response | "hang" | "drop"
export type FakeHandler = (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>

export const API_KEY = "key-AKIA-very-secret-1234"
export const API_SECRET = "secret-s3cr3t-value-5678"

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {}
): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  })
}

export function tokenAnswer(
  token: string,
  expiresIn: string | number = 3600
): Response {
  return json(200, { access_token: token, expiresIn, token_type: "Bearer" })
}

export function fakeService(handler: FakeHandler) {
  const calls: FakeRequest[] = []
  let inFlight = 0
  let maxInFlight = 0
  let tokens = 0

  const fetch = async (input: string, init: RequestInit): Promise<Response> => {
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    try {
      const url = new URL(input)
      const body = typeof init.body === "string" ? init.body : undefined
      const req: FakeRequest = {
        method: init.method ?? "GET",
        url,
        path: url.pathname,
        headers: new Headers(init.headers as Record<string, string>),
        body,
        json: () => (body ? JSON.parse(body) : undefined),
      }
      calls.push(req)
      if (req.path === "/oauth/token") tokens++
      const answer = await handler(req)
      if (answer === "drop") {
        throw new TypeError("fetch failed", {
          cause: Object.assign(new Error("socket hang up"), {
            code: "ECONNRESET",
          }),
        })
      }
      if (answer === "hang") {
        return await new Promise<Response>((_, reject) => {
          init.signal?.addEventListener("abort", () =>
            reject(new DOMException("This operation was aborted", "AbortError"))
          )
        })
      }
      return answer
    } finally {
      inFlight--
    }
  }

  return {
    fetch,
    calls,
    /** Calls other than the token operation. */
    apiCalls: () => calls.filter((c) => c.path !== "/oauth/token"),
    get tokenRequests() {
      return tokens
    },
    get maxInFlight() {
      return maxInFlight
    },
  }
}

/** A handler that answers the token operation and hands every other request to `api`. */
export function withToken(
  api: FakeHandler,
  token: (n: number) => string = (n) => `token-${n}-abcdefgh`
): FakeHandler {
  let n = 0
  return (req) =>
    req.path === "/oauth/token" ? tokenAnswer(token(++n)) : api(req)
}

export type Clock = {
  now: () => number
  advance: (ms: number) => void
  sleeps: number[]
  sleep: (ms: number) => Promise<void>
}

/** A clock that only moves when told to (or when the client sleeps). */
export function fakeClock(start = Date.UTC(2026, 0, 15, 12)): Clock {
  let t = start
  const sleeps: number[] = []
  return {
    now: () => t,
    advance: (ms) => {
      t += ms
    },
    sleeps,
    sleep: async (ms) => {
      sleeps.push(ms)
      t += ms
    },
  }
}

export function clientConfig(
  fetch: ShippingClientConfig["fetch"],
  clock: Clock,
  over: Partial<ShippingClientConfig> = {}
): ShippingClientConfig {
  return {
    roots: {
      baseUrl: "https://api.test/shipping",
      authUrl: "https://api.test",
      webhookUrl: "https://hooks.test",
      contactUrl: "https://contacts.test",
    },
    credentials: { apiKey: API_KEY, apiSecret: API_SECRET },
    timeoutMs: 1_000,
    concurrency: 4,
    maxAttempts: 3,
    fetch,
    now: clock.now,
    sleep: clock.sleep,
    random: () => 0.5,
    ...over,
  }
}
