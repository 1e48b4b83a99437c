import {
  ShippingBadRequestError,
  ShippingForbiddenError,
  ShippingNetworkError,
  ShippingNotFoundError,
  ShippingRateLimitedError,
  ShippingServerError,
  ShippingUnavailableError,
} from "../../errors"
import { fullJitterDelay, parseRetryAfter, DEFAULT_BACKOFF } from "../backoff"
import { Limiter } from "../limiter"
import { ShippingClient } from "../shipping-client"
import { clearTokenCache } from "../token-cache"
import {
  clientConfig,
  fakeClock,
  fakeService,
  json,
  withToken,
  type FakeAnswer,
} from "./fake-service"

const events = [{ eventId: "1", name: "Delivered" }]
const webhookBody = {
  name: "hooks",
  type: "tracking",
  events: ["Delivered"],
  url: "https://shop.example.com/hooks",
  authParams: {
    authType: "custom",
    apiKey: "whk-1234567",
    headerName: "X-Key",
  },
}

beforeEach(() => clearTokenCache())

function scripted(answers: FakeAnswer[], last: FakeAnswer = json(200, events)) {
  return withToken(() => answers.shift() ?? last)
}

describe("transport", () => {
  it("sends X-Vendor-UnifiedErrorStructure: true, Accept-Language and JSON on every request", async () => {
    const service = fakeService(
      withToken((req) =>
        json(
          200,
          req.method === "POST"
            ? { ...webhookBody, webHookConfigID: "w1" }
            : events
        )
      )
    )
    const client = new ShippingClient(
      clientConfig(service.fetch, fakeClock(), { acceptLanguage: "en-GB" })
    )
    await client.listApplicableEvents()
    await client.createWebhookConfig(webhookBody)
    for (const call of service.calls)
      expect(call.headers.get("x-vendor-unifiederrorstructure")).toBe("true")
    const post = service.apiCalls()[1]
    expect(post.url.toString()).toBe("https://hooks.test/api/v1/webhookConfig")
    expect(post.headers.get("content-type")).toBe("application/json")
    expect(post.headers.get("accept-language")).toBe("en-GB")
    expect(post.json()).toEqual({ ...webhookBody, status: "active" })
  })

  it("a call without an answer within timeoutMs is ShippingNetworkError with timedOut", async () => {
    const service = fakeService(scripted(["hang"]))
    const client = new ShippingClient(
      clientConfig(service.fetch, fakeClock(), {
        timeoutMs: 20,
        maxAttempts: 1,
      })
    )
    const error = await client.listApplicableEvents().catch((e) => e)
    expect(error).toBeInstanceOf(ShippingNetworkError)
    expect(error).toMatchObject({
      timedOut: true,
      status: 0,
      operation: "listApplicableEvents",
    })
  })

  it("a dropped connection is ShippingNetworkError without timedOut, its cause reduced to name and code", async () => {
    const service = fakeService(scripted(["drop"]))
    const client = new ShippingClient(
      clientConfig(service.fetch, fakeClock(), { maxAttempts: 1 })
    )
    const error = await client.listApplicableEvents().catch((e) => e)
    expect(error).toBeInstanceOf(ShippingNetworkError)
    expect(error.timedOut).toBe(false)
    expect(error.cause).toEqual({ name: "TypeError", code: "ECONNRESET" })
  })

  it("honours Retry-After in seconds on 429", async () => {
    const clock = fakeClock()
    const service = fakeService(
      scripted([
        json(
          429,
          {
            errors: [{ errorCode: "THROTTLED", errorDescription: "slow down" }],
          },
          { "retry-after": "7" }
        ),
      ])
    )
    const client = new ShippingClient(clientConfig(service.fetch, clock))
    await expect(client.listApplicableEvents()).resolves.toEqual(events)
    expect(clock.sleeps).toEqual([7_000])
  })

  it("honours Retry-After as an HTTP date on 429", async () => {
    const clock = fakeClock()
    const at = new Date(clock.now() + 12_000).toUTCString()
    const service = fakeService(
      scripted([json(429, undefined, { "retry-after": at })])
    )
    const client = new ShippingClient(clientConfig(service.fetch, clock))
    await client.listApplicableEvents()
    expect(clock.sleeps).toEqual([12_000])
  })

  it("retries a throttled POST (the service did not take it), but not a 500 POST", async () => {
    const clock = fakeClock()
    const created = json(200, { ...webhookBody, webHookConfigID: "w1" })
    const service = fakeService(
      scripted([json(429, undefined, { "retry-after": "1" })], created)
    )
    const client = new ShippingClient(clientConfig(service.fetch, clock))
    await expect(
      client.createWebhookConfig(webhookBody)
    ).resolves.toMatchObject({ webHookConfigID: "w1" })
    expect(service.apiCalls()).toHaveLength(2)

    const failing = fakeService(
      scripted([json(500, { message: "boom" })], created)
    )
    const again = new ShippingClient(clientConfig(failing.fetch, clock))
    await expect(again.createWebhookConfig(webhookBody)).rejects.toBeInstanceOf(
      ShippingServerError
    )
    expect(failing.apiCalls()).toHaveLength(1)
  })

  it("does not repeat a POST after a timeout or a dropped connection", async () => {
    for (const answer of ["hang", "drop"] as const) {
      clearTokenCache()
      const service = fakeService(scripted([answer]))
      const client = new ShippingClient(
        clientConfig(service.fetch, fakeClock(), { timeoutMs: 20 })
      )
      await expect(
        client.createWebhookConfig(webhookBody)
      ).rejects.toBeInstanceOf(ShippingNetworkError)
      expect(service.apiCalls()).toHaveLength(1)
    }
  })

  it("retries GETs on 5xx, timeouts and dropped connections with full-jitter backoff", async () => {
    const clock = fakeClock()
    const service = fakeService(scripted([json(500, { message: "x" }), "drop"]))
    const client = new ShippingClient(
      clientConfig(service.fetch, clock, { timeoutMs: 20, random: () => 0.5 })
    )
    await expect(client.listApplicableEvents()).resolves.toEqual(events)
    expect(service.apiCalls()).toHaveLength(3)
    // random 0.5 of min(cap, base * 2^(attempt-1)): 0.5 * 250, 0.5 * 500
    expect(clock.sleeps).toEqual([125, 250])
  })

  it("503 backoff is bounded by maxAttempts and ends in ShippingUnavailableError", async () => {
    const clock = fakeClock()
    const service = fakeService(
      withToken(() => json(503, { message: "maintenance" }))
    )
    const client = new ShippingClient(
      clientConfig(service.fetch, clock, { maxAttempts: 4, random: () => 1 })
    )
    const error = await client.listApplicableEvents().catch((e) => e)
    expect(error).toBeInstanceOf(ShippingUnavailableError)
    expect(service.apiCalls()).toHaveLength(4)
    expect(clock.sleeps).toEqual([250, 500, 1_000])
  })

  it("a Retry-After longer than the limit is not waited for: the error carries it", async () => {
    const clock = fakeClock()
    const service = fakeService(
      withToken(() => json(429, undefined, { "retry-after": "3600" }))
    )
    const client = new ShippingClient(clientConfig(service.fetch, clock))
    const error = await client.listApplicableEvents().catch((e) => e)
    expect(error).toBeInstanceOf(ShippingRateLimitedError)
    expect(error.retryAfterMs).toBe(3_600_000)
    expect(clock.sleeps).toEqual([])
  })

  it("maps statuses to error classes and does not retry other 4xx", async () => {
    const cases: [number, unknown][] = [
      [400, ShippingBadRequestError],
      [403, ShippingForbiddenError],
      [404, ShippingNotFoundError],
      [409, ShippingBadRequestError],
      [502, ShippingServerError],
    ]
    for (const [status, type] of cases) {
      clearTokenCache()
      const service = fakeService(
        withToken(() =>
          json(status, {
            errors: [{ errorCode: `E${status}`, errorDescription: "no" }],
          })
        )
      )
      const client = new ShippingClient(
        clientConfig(service.fetch, fakeClock(), { maxAttempts: 2 })
      )
      const error = await client.getWebhookConfig("w1").catch((e) => e)
      expect(error).toBeInstanceOf(type)
      expect(error).toMatchObject({
        status,
        codes: [`E${status}`],
        messages: ["no"],
      })
      expect(service.apiCalls()).toHaveLength(status >= 500 ? 2 : 1)
    }
  })

  it("never has more than `concurrency` calls in flight", async () => {
    const service = fakeService(
      withToken(async () => {
        await new Promise((r) => setTimeout(r, 2))
        return json(200, events)
      })
    )
    const client = new ShippingClient(
      clientConfig(service.fetch, fakeClock(), { concurrency: 3 })
    )
    await Promise.all(
      Array.from({ length: 20 }, () => client.listApplicableEvents())
    )
    expect(service.apiCalls()).toHaveLength(20)
    expect(service.maxInFlight).toBe(3)
  })

  it("logs method, path, outcome and duration, never the query, headers or body", async () => {
    const lines: string[] = []
    const service = fakeService(
      withToken(() =>
        json(200, { data: [], pageInfo: { total: 0, pages: 0, page: 0 } })
      )
    )
    const client = new ShippingClient(
      clientConfig(service.fetch, fakeClock(), {
        logger: { debug: (l) => lines.push(l) },
      })
    )
    await client.listWebhookConfigs()
    expect(lines).toEqual([
      "shipping-api token POST /oauth/token 200 0ms attempt=1",
      "shipping-api listWebhookConfigs GET /api/v1/webhookConfig 200 0ms attempt=1",
    ])
  })
})

describe("backoff", () => {
  it("full jitter grows exponentially up to the cap", () => {
    const one = () => 0.999999
    expect(fullJitterDelay(1, DEFAULT_BACKOFF, one)).toBe(249)
    expect(fullJitterDelay(3, DEFAULT_BACKOFF, one)).toBe(999)
    expect(fullJitterDelay(20, DEFAULT_BACKOFF, one)).toBe(7_999)
    expect(fullJitterDelay(5, DEFAULT_BACKOFF, () => 0)).toBe(0)
  })

  it("reads Retry-After as seconds or an HTTP date", () => {
    const now = Date.UTC(2026, 0, 1)
    expect(parseRetryAfter("3", now)).toBe(3_000)
    expect(parseRetryAfter(new Date(now + 5_000).toUTCString(), now)).toBe(
      5_000
    )
    expect(parseRetryAfter(new Date(now - 5_000).toUTCString(), now)).toBe(0)
    expect(parseRetryAfter("soon", now)).toBeUndefined()
    expect(parseRetryAfter(null, now)).toBeUndefined()
  })
})

describe("Limiter", () => {
  it("serves waiting tasks in order and releases on failure", async () => {
    const limiter = new Limiter(1)
    const order: number[] = []
    const failing = limiter.run(async () => {
      throw new Error("x")
    })
    const a = limiter.run(async () => order.push(1))
    const b = limiter.run(async () => order.push(2))
    await expect(failing).rejects.toThrow("x")
    await Promise.all([a, b])
    expect(order).toEqual([1, 2])
    expect(limiter.inFlight).toBe(0)
  })

  it("starts tasks in the order they came, never more than its capacity at once; a late caller waits its turn", async () => {
    const limiter = new Limiter(3)
    const started: number[] = []
    let running = 0
    let peak = 0
    const task = (i: number) =>
      limiter.run(async () => {
        started.push(i)
        peak = Math.max(peak, ++running)
        await new Promise((r) => setTimeout(r, (i * 7) % 5))
        running--
        if (i % 4 === 0) throw new Error(`task ${i}`)
        return i
      })
    const burst = Array.from({ length: 20 }, (_, i) => task(i))
    await new Promise((r) => setTimeout(r, 1))
    expect(limiter.inFlight).toBe(3)
    expect(limiter.queued).toBeGreaterThan(0)
    const results = await Promise.allSettled([...burst, task(20)])
    expect(started).toEqual(Array.from({ length: 21 }, (_, i) => i))
    expect(peak).toBe(3)
    expect(results.map((r) => r.status === "fulfilled")).toEqual(
      started.map((i) => i % 4 !== 0)
    )
    expect([limiter.inFlight, limiter.queued]).toEqual([0, 0])
  })

  it("frees the slot of a task that throws before returning a promise", async () => {
    const limiter = new Limiter(1)
    const throwing = (() => {
      throw new Error("sync")
    }) as unknown as () => Promise<void>
    await expect(limiter.run(throwing)).rejects.toThrow("sync")
    await expect(limiter.run(async () => "next")).resolves.toBe("next")
  })

  it("refuses a capacity below 1", () => {
    expect(() => new Limiter(0)).toThrow(RangeError)
    expect(() => new Limiter(1.5)).toThrow(RangeError)
  })
})
