import {
  formatSandboxHeader,
  parseSandboxHeader,
  SANDBOX_HEADER,
} from "../../sandbox-identity"
import { IdentityTracker } from "../service-identity"
import { ShippingClient } from "../shipping-client"
import { clearTokenCache } from "../token-cache"
import {
  clientConfig,
  fakeClock,
  fakeService,
  json,
  tokenAnswer,
  withToken,
} from "./fake-service"

beforeEach(() => clearTokenCache())

const T0 = Date.UTC(2026, 2, 2, 15)
const header = (clockMs: number, speed = 1) => ({
  [SANDBOX_HEADER]: formatSandboxHeader({ clockMs, speed }),
})

describe("the sandbox's header (src/shipping-api/sandbox-identity.ts)", () => {
  it("reads back what it writes", () => {
    const value = formatSandboxHeader({ clockMs: T0, speed: 3600 })
    expect(value).toBe("clock=2026-03-02T15:00:00.000Z; speed=3600")
    expect(parseSandboxHeader(value)).toEqual({ clockMs: T0, speed: 3600 })
    expect(parseSandboxHeader("speed=0; clock=2026-03-02T15:00:00Z")).toEqual({
      clockMs: T0,
      speed: 0,
    })
  })

  it.each([
    [undefined],
    [""],
    ["yes"],
    ["clock=2026-03-02T15:00:00Z"],
    ["clock=2026-03-02T15:00:00Z; speed="],
    ["clock=2026-03-02T15:00:00Z; speed=-1"],
    ["clock=2026-03-02T15:00:00Z; speed=Infinity"],
    ["clock=2026-03-02T15:00:00Z; speed=1e12"],
    ["clock=2026-03-02; speed=1"],
    ["clock=2026-02-30T15:00:00Z; speed=1"],
    ["clock=2026-03-02T15:00:00+01:00; speed=1"],
    ["clock=2026-03-02T15:00:00Z; speed=1; speed=2"],
    ["clock=2026-03-02T15:00:00Z; speed=1; " + "x".repeat(300)],
  ])("says nothing for %j (the real service's rules then apply)", (value) => {
    expect(parseSandboxHeader(value)).toBeUndefined()
  })
})

describe("IdentityTracker", () => {
  const headers = (h: Record<string, string>) => new Headers(h)

  it("is unknown until an answer, then the last answer tells", () => {
    const t = new IdentityTracker()
    expect(t.current()).toEqual({ kind: "unknown" })
    expect(t.sandboxNow(T0)).toBeUndefined()
    t.observe(headers(header(T0 + 86_400_000, 2)), T0)
    expect(t.current()).toMatchObject({ kind: "sandbox", speed: 2 })
    // Carried forward at its speed: 10 s of ours are 20 s of the sandbox's.
    expect(t.sandboxNow(T0 + 10_000)).toBe(T0 + 86_400_000 + 20_000)
    t.observe(headers({}), T0 + 20_000)
    expect(t.current()).toEqual({ kind: "service", seenAt: T0 + 20_000 })
    expect(t.sandboxNow(T0 + 30_000)).toBeUndefined()
  })

  it("keeps the answer that arrived last when answers settle out of order", () => {
    const t = new IdentityTracker()
    t.observe(headers(header(T0)), T0 + 5_000)
    t.observe(headers({}), T0 + 1_000)
    expect(t.current().kind).toBe("sandbox")
  })

  it("never runs the clock backwards (a frozen sandbox stays where it is)", () => {
    const t = new IdentityTracker()
    t.observe(headers(header(T0, 0)), T0)
    expect(t.sandboxNow(T0 + 3_600_000)).toBe(T0)
  })
})

describe("ShippingClient learns who answers from its own calls", () => {
  it("reads the header on every answer, of any root and status, token included", async () => {
    const clock = fakeClock(T0)
    let sandboxClock = T0 + 3 * 86_400_000
    const service = fakeService((req) =>
      req.path === "/oauth/token"
        ? json(
            200,
            {
              access_token: "t-123456789",
              expiresIn: 3600,
              token_type: "Bearer",
            },
            header(sandboxClock)
          )
        : json(404, { message: "no such thing" }, header(sandboxClock))
    )
    const client = new ShippingClient(clientConfig(service.fetch, clock))
    expect(client.serviceIdentity()).toEqual({ kind: "unknown" })
    expect(client.sandboxNow()).toBeUndefined()
    await client.listApplicableEvents().catch(() => undefined)
    expect(client.serviceIdentity().kind).toBe("sandbox")
    expect(client.sandboxNow()?.toISOString()).toBe(
      new Date(sandboxClock).toISOString()
    )
    // The sandbox was advanced by its control API: the next answer says so.
    sandboxClock += 2 * 86_400_000
    clock.advance(1_000)
    await client.checkIdentity()
    expect(client.sandboxNow()?.getTime()).toBe(sandboxClock + 0)
  })

  it("takes the real service for what it is: no header, no sandbox clock", async () => {
    const service = fakeService(withToken(() => json(200, [])))
    const client = new ShippingClient(
      clientConfig(service.fetch, fakeClock(T0))
    )
    expect((await client.checkIdentity()).kind).toBe("service")
    expect(client.sandboxNow()).toBeUndefined()
    expect(service.apiCalls().map((c) => c.path)).toEqual(["/api/v1/events"])
  })

  it("checkIdentity shares one request between concurrent callers and survives no answer", async () => {
    let answer: "drop" | "ok" = "ok"
    const service = fakeService((req) =>
      req.path === "/oauth/token"
        ? tokenAnswer("t-123456789")
        : answer === "drop"
          ? "drop"
          : json(200, [], header(T0))
    )
    const client = new ShippingClient(
      clientConfig(service.fetch, fakeClock(T0), { maxAttempts: 1 })
    )
    const [a, b] = await Promise.all([
      client.checkIdentity(),
      client.checkIdentity(),
    ])
    expect([a.kind, b.kind]).toEqual(["sandbox", "sandbox"])
    expect(service.apiCalls()).toHaveLength(1)
    answer = "drop"
    // No answer: what was known stays.
    expect((await client.checkIdentity()).kind).toBe("sandbox")
  })
})
