import { ShippingAuthenticationError } from "../../errors"
import { ShippingClient } from "../shipping-client"
import { clearTokenCache, refreshMarginMs } from "../token-cache"
import {
  API_KEY,
  API_SECRET,
  clientConfig,
  fakeClock,
  fakeService,
  json,
  tokenAnswer,
  withToken,
} from "./fake-service"

const events = [{ eventId: "1", name: "Delivered" }]

beforeEach(() => clearTokenCache())

describe("token operation (doc 4)", () => {
  it("posts to {auth_url}/oauth/token with Basic credentials and a client-credentials form", async () => {
    const service = fakeService(withToken(() => json(200, events)))
    const client = new ShippingClient(clientConfig(service.fetch, fakeClock()))
    await client.listApplicableEvents()

    const token = service.calls[0]
    expect(token.method).toBe("POST")
    expect(token.url.toString()).toBe("https://api.test/oauth/token")
    expect(token.headers.get("authorization")).toBe(
      `Basic ${Buffer.from(`${API_KEY}:${API_SECRET}`).toString("base64")}`
    )
    expect(token.headers.get("content-type")).toBe(
      "application/x-www-form-urlencoded"
    )
    expect(token.body).toBe("grant_type=client_credentials")
    expect(service.calls[1].headers.get("authorization")).toBe(
      "Bearer token-1-abcdefgh"
    )
  })

  it("refresh margin is 5 minutes or 10 % of the life, whichever is smaller", () => {
    expect(refreshMarginMs(10 * 3_600_000)).toBe(300_000)
    expect(refreshMarginMs(60 * 60_000)).toBe(300_000)
    expect(refreshMarginMs(20 * 60_000)).toBe(120_000)
  })

  it("reuses the token until the margin before expiry, then refreshes", async () => {
    const clock = fakeClock()
    const service = fakeService(withToken(() => json(200, events)))
    const client = new ShippingClient(clientConfig(service.fetch, clock))

    await client.listApplicableEvents() // token 1, life 3600 s, refresh at 3300 s
    clock.advance(3_299_000)
    await client.listApplicableEvents()
    expect(service.tokenRequests).toBe(1)
    clock.advance(1_000)
    await client.listApplicableEvents()
    expect(service.tokenRequests).toBe(2)
    expect(
      service.apiCalls().map((c) => c.headers.get("authorization"))
    ).toEqual([
      "Bearer token-1-abcdefgh",
      "Bearer token-1-abcdefgh",
      "Bearer token-2-abcdefgh",
    ])
  })

  it("uses 10 % of a short life as the margin", async () => {
    const clock = fakeClock()
    let n = 0
    const service = fakeService((req) =>
      req.path === "/oauth/token"
        ? tokenAnswer(`short-${++n}-token`, "600")
        : json(200, events)
    )
    const client = new ShippingClient(clientConfig(service.fetch, clock))
    await client.listApplicableEvents()
    clock.advance(539_000)
    await client.listApplicableEvents()
    expect(service.tokenRequests).toBe(1)
    clock.advance(1_000) // 540 s = 600 s - 60 s
    await client.listApplicableEvents()
    expect(service.tokenRequests).toBe(2)
  })

  it("single flight: 50 concurrent callers cause exactly one token request", async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const service = fakeService(async (req) => {
      if (req.path === "/oauth/token") {
        await gate
        return tokenAnswer("shared-token-1234")
      }
      return json(200, events)
    })
    const client = new ShippingClient(
      clientConfig(service.fetch, fakeClock(), { concurrency: 50 })
    )
    const calls = Array.from({ length: 50 }, () =>
      client.listApplicableEvents()
    )
    await new Promise((r) => setImmediate(r))
    release()
    await Promise.all(calls)
    expect(service.tokenRequests).toBe(1)
    expect(service.apiCalls()).toHaveLength(50)
  })

  it("shares one token between two clients with the same credentials", async () => {
    const service = fakeService(withToken(() => json(200, events)))
    const clock = fakeClock()
    const a = new ShippingClient(clientConfig(service.fetch, clock))
    const b = new ShippingClient(clientConfig(service.fetch, clock))
    await a.listApplicableEvents()
    await b.listApplicableEvents()
    expect(service.tokenRequests).toBe(1)

    const other = new ShippingClient(
      clientConfig(service.fetch, clock, {
        credentials: { apiKey: "other-key", apiSecret: "other-secret" },
      })
    )
    await other.listApplicableEvents()
    expect(service.tokenRequests).toBe(2)
  })

  it("on a 401 refreshes once and repeats the call once", async () => {
    let apiCalls = 0
    const service = fakeService(
      withToken(() =>
        ++apiCalls === 1
          ? json(401, { message: "expired", code: "unauthorized" })
          : json(200, events)
      )
    )
    const client = new ShippingClient(
      clientConfig(service.fetch, fakeClock(), { maxAttempts: 1 })
    )
    await expect(client.listApplicableEvents()).resolves.toEqual(events)
    expect(service.tokenRequests).toBe(2)
    expect(
      service.apiCalls().map((c) => c.headers.get("authorization"))
    ).toEqual(["Bearer token-1-abcdefgh", "Bearer token-2-abcdefgh"])
  })

  it("a second 401 fails with ShippingAuthenticationError, without a third try", async () => {
    const service = fakeService(
      withToken(() =>
        json(401, { message: "Unauthorized", code: "unauthorized" })
      )
    )
    const client = new ShippingClient(clientConfig(service.fetch, fakeClock()))
    const error = await client.listApplicableEvents().catch((e) => e)
    expect(error).toBeInstanceOf(ShippingAuthenticationError)
    expect(error).toMatchObject({
      status: 401,
      codes: ["unauthorized"],
      operation: "listApplicableEvents",
    })
    expect(service.apiCalls()).toHaveLength(2)
    expect(service.tokenRequests).toBe(2)
  })

  it("many 401s on one stale token cause a single refresh", async () => {
    const service = fakeService(
      withToken((req) =>
        req.headers.get("authorization") === "Bearer token-1-abcdefgh"
          ? json(401, { message: "expired", code: "unauthorized" })
          : json(200, events)
      )
    )
    const client = new ShippingClient(
      clientConfig(service.fetch, fakeClock(), { concurrency: 10 })
    )
    await Promise.all(
      Array.from({ length: 10 }, () => client.listApplicableEvents())
    )
    expect(service.tokenRequests).toBe(2)
  })

  it("credentials refused by the token operation are an authentication error", async () => {
    for (const status of [400, 401]) {
      clearTokenCache()
      const service = fakeService((req) =>
        req.path === "/oauth/token"
          ? json(status, { message: "invalid client", code: "unauthorized" })
          : json(200, events)
      )
      const client = new ShippingClient(
        clientConfig(service.fetch, fakeClock())
      )
      const error = await client.listApplicableEvents().catch((e) => e)
      expect(error).toBeInstanceOf(ShippingAuthenticationError)
      expect(error.operation).toBe("token")
      expect(service.apiCalls()).toHaveLength(0)
    }
  })

  it("a failed token request is not cached: the next call asks again", async () => {
    let n = 0
    const service = fakeService((req) =>
      req.path === "/oauth/token"
        ? ++n === 1
          ? json(401, { message: "no" })
          : tokenAnswer("ok-token-1234")
        : json(200, events)
    )
    const client = new ShippingClient(clientConfig(service.fetch, fakeClock()))
    await expect(client.listApplicableEvents()).rejects.toBeInstanceOf(
      ShippingAuthenticationError
    )
    await expect(client.listApplicableEvents()).resolves.toEqual(events)
  })
})
