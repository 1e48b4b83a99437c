import type { CallRecord } from "../config"
import { ShippingClient } from "../shipping-client"
import { clearTokenCache } from "../token-cache"
import {
  API_KEY,
  API_SECRET,
  clientConfig,
  fakeClock,
  fakeService,
  json,
  withToken,
} from "./fake-service"

beforeEach(() => clearTokenCache())

const events = [{ eventId: "1", name: "Delivered" }]

/**
 * The client's observer (what the plugin's telemetry is built on, src/lib/telemetry): told once
 * per call of an operation, when it is over, with its attempts, last status, outcome and
 * duration; never a header, a query or a body; and it cannot change a call's outcome.
 */
describe("the client's observer", () => {
  it("one record per call: attempts and retries, the last status, the duration by the client's clock", async () => {
    const clock = fakeClock()
    const answers = [json(503, {}, { "Retry-After": "2" }), json(200, events)]
    const service = fakeService(withToken(() => answers.shift()!))
    const records: CallRecord[] = []
    const client = new ShippingClient(
      clientConfig(service.fetch, clock, {
        observer: (r) => records.push(r),
      })
    )
    await client.listApplicableEvents()
    const ops = records.map((r) => r.operation)
    expect(ops).toEqual(["token", "listApplicableEvents"])
    expect(records[1]).toEqual({
      operation: "listApplicableEvents",
      method: "GET",
      path: expect.any(String),
      attempts: 2,
      status: 200,
      ok: true,
      durationMs: 2_000, // the Retry-After wait, on the fake clock
    })
    expect(records[1]!.path).not.toContain("?")
  })

  it("a failed call: not ok, its error's class, the last status; a lost answer says why", async () => {
    const clock = fakeClock()
    const records: CallRecord[] = []
    const refused = fakeService(withToken(() => json(400, { errors: [] })))
    const client = new ShippingClient(
      clientConfig(refused.fetch, clock, { observer: (r) => records.push(r) })
    )
    await expect(client.listApplicableEvents()).rejects.toThrow()
    expect(records.at(-1)).toMatchObject({
      operation: "listApplicableEvents",
      attempts: 1,
      status: 400,
      ok: false,
      error: "ShippingBadRequestError",
    })

    clearTokenCache()
    const dropped = fakeService(withToken(() => "drop"))
    const again: CallRecord[] = []
    const second = new ShippingClient(
      clientConfig(dropped.fetch, clock, { observer: (r) => again.push(r) })
    )
    await expect(second.listApplicableEvents()).rejects.toThrow()
    const last = again.at(-1)!
    expect(last).toMatchObject({
      ok: false,
      network: "network-error",
      attempts: 3, // idempotent: retried up to maxAttempts
      error: "ShippingNetworkError",
    })
    expect(last.status).toBeUndefined()
  })

  it("holds no secret, and an observer that throws changes nothing", async () => {
    const service = fakeService(withToken(() => json(200, events)))
    const records: CallRecord[] = []
    const client = new ShippingClient(
      clientConfig(service.fetch, fakeClock(), {
        observer: (r) => {
          records.push(r)
          throw new Error("observer bug")
        },
      })
    )
    await expect(client.listApplicableEvents()).resolves.toEqual(
      expect.anything()
    )
    const text = JSON.stringify(records)
    expect(text).not.toContain(API_KEY)
    expect(text).not.toContain(API_SECRET)
    expect(text).not.toContain("token-1")
  })
})
