import { parseNotificationBody } from "../../../../src/shipping-api/schemas/notification"
import type { SandboxHandle } from ".."
import { retryDelayMs } from "../webhooks/dispatcher"
import {
  call,
  create,
  receiver,
  sandbox,
  tokenFor,
  webhookBody,
} from "./helpers"

let sb: SandboxHandle
let token: string
beforeEach(async () => {
  sb = await sandbox()
  token = await tokenFor(sb)
})
afterEach(() => sb.close())

async function configure(body: Record<string, unknown>): Promise<string> {
  const res = await call(sb, token, "POST", "/api/v1/webhookConfig", { body })
  expect(res.status).toBe(200)
  return res.body.webHookConfigID
}

/** Creates a shipment, runs its whole timeline and waits for the deliveries. */
async function runTimeline(
  variant: "expedited" | "standard" = "expedited",
  scenario?: string
): Promise<string> {
  const created = await create(
    sb,
    token,
    variant,
    undefined,
    scenario ? { "X-Sandbox-Scenario": scenario } : {}
  )
  expect(created.status).toBe(201)
  sb.control.advance({ until: "done" })
  expect((await sb.control.settleWebhooks()).settled).toBe(true)
  return created.body.parcelTrackingNumber
}

describe("webhook delivery (doc 4)", () => {
  it("custom authParams: header, reference id, JSON array of tracking notifications in timeline order", async () => {
    const rcv = await receiver()
    try {
      await configure(webhookBody(`${rcv.url}/hook`))
      const tn = await runTimeline()
      expect(rcv.received).toHaveLength(6)
      const refs = new Set<string>()
      for (const r of rcv.received) {
        expect(r.url).toBe("/hook")
        expect(r.headers["content-type"]).toBe("application/json")
        expect(r.headers["x-test-key"]).toBe("k-123")
        refs.add(String(r.headers["x-vendor-referenceid"]))
        expect(Array.isArray(r.body)).toBe(true)
        const parsed = parseNotificationBody(r.body)
        expect(parsed.ok).toBe(true)
        expect(r.body[0]).toMatchObject({
          trackingNumber: tn,
          carrier: "POSTAL",
          eventId: expect.stringContaining(tn),
        })
        expect(r.body[0].status).toBe(r.body[0].packageStatus)
      }
      expect(refs.size).toBe(6)
      expect(rcv.received.map((r) => r.body[0].status)).toEqual([
        "Manifest",
        "Acceptance",
        "InTransit",
        "InTransit",
        "OutForDelivery",
        "Delivered",
      ])
    } finally {
      await rcv.close()
    }
  })

  it("basic authParams: Authorization Basic base64(clientID:secret)", async () => {
    const rcv = await receiver()
    try {
      await configure(
        webhookBody(rcv.url, {
          events: ["Delivered"],
          authParams: { authType: "basic", clientID: "me", secret: "pw" },
        })
      )
      await runTimeline()
      expect(rcv.received).toHaveLength(1)
      expect(rcv.received[0]!.headers.authorization).toBe(
        `Basic ${Buffer.from("me:pw").toString("base64")}`
      )
    } finally {
      await rcv.close()
    }
  })

  it("oauth authParams: one client-credentials token from tokenUrl, then Bearer on every delivery", async () => {
    const rcv = await receiver()
    try {
      await configure(
        webhookBody(rcv.url, {
          events: ["Manifest", "Delivered"],
          authParams: {
            authType: "oauth",
            clientID: "cid",
            secret: "sec",
            tokenUrl: `${rcv.url}/token`,
          },
        })
      )
      await runTimeline()
      expect(rcv.tokenRequests).toHaveLength(1)
      expect(rcv.tokenRequests[0]!.headers.authorization).toBe(
        `Basic ${Buffer.from("cid:sec").toString("base64")}`
      )
      expect(rcv.tokenRequests[0]!.body).toBe("grant_type=client_credentials")
      expect(rcv.received.map((r) => r.headers.authorization)).toEqual([
        "Bearer rcv-token-1",
        "Bearer rcv-token-1",
      ])
    } finally {
      await rcv.close()
    }
  })

  it("retries a failed delivery up to 3 times with the same reference id", async () => {
    const flaky = await receiver((_r, n) => (n <= 2 ? 500 : 200))
    const down = await receiver(() => 503)
    try {
      await configure(
        webhookBody(flaky.url, { name: "flaky", events: ["Manifest"] })
      )
      await configure(
        webhookBody(down.url, { name: "down", events: ["Manifest"] })
      )
      await runTimeline()
      expect(flaky.received).toHaveLength(3)
      expect(
        new Set(flaky.received.map((r) => r.headers["x-vendor-referenceid"]))
          .size
      ).toBe(1)
      expect(down.received).toHaveLength(4) // first attempt + 3 retries
      expect(
        new Set(down.received.map((r) => r.headers["x-vendor-referenceid"]))
          .size
      ).toBe(1)
      const log = sb.control.webhookLog().filter((e) => e.url === down.url)
      expect(log.map((e) => [e.attempt, e.outcome, e.status])).toEqual([
        [1, "retry", 503],
        [2, "retry", 503],
        [3, "retry", 503],
        [4, "failed", 503],
      ])
      expect(
        sb.control
          .webhookLog()
          .filter((e) => e.url === flaky.url)
          .map((e) => e.outcome)
      ).toEqual(["retry", "retry", "delivered"])
    } finally {
      await flaky.close()
      await down.close()
    }
  })

  it("waits as long as a 503's Retry-After asks before retrying (up to its cap), the backoff otherwise", async () => {
    const busy = await receiver((_r, n) =>
      n === 1 ? { status: 503, headers: { "Retry-After": "1" } } : 200
    )
    try {
      await configure(
        webhookBody(busy.url, { name: "busy", events: ["Manifest"] })
      )
      await runTimeline()
      expect(busy.received).toHaveLength(2)
      // The backoff here is 20 ms: the second attempt waited for the receiver's second.
      expect(
        busy.received[1]!.at - busy.received[0]!.at
      ).toBeGreaterThanOrEqual(950)
      expect(
        sb.control
          .webhookLog()
          .filter((e) => e.url === busy.url)
          .map((e) => [e.outcome, e.status])
      ).toEqual([
        ["retry", 503],
        ["delivered", 200],
      ])
    } finally {
      await busy.close()
    }
    const now = Date.parse("2026-03-02T15:00:00Z")
    expect(retryDelayMs(503, "30", 250, 120_000, now)).toBe(30_000)
    expect(
      retryDelayMs(429, "Mon, 02 Mar 2026 15:00:10 GMT", 250, 120_000, now)
    ).toBe(10_000)
    expect(retryDelayMs(503, "3600", 250, 120_000, now)).toBe(120_000)
    expect(retryDelayMs(503, "0", 250, 120_000, now)).toBe(250)
    expect(retryDelayMs(500, "30", 250, 120_000, now)).toBe(250)
    expect(retryDelayMs(503, "soon", 250, 120_000, now)).toBe(250)
    expect(retryDelayMs(503, undefined, 250, 120_000, now)).toBe(250)
  })

  it("honours the configuration's timeOut", async () => {
    const slow = await receiver((_r, n) => (n === 1 ? "hang" : 200))
    try {
      await configure(
        webhookBody(slow.url, { events: ["Manifest"], timeOut: 1 })
      )
      await runTimeline()
      const log = sb.control.webhookLog()
      expect(log.map((e) => e.outcome)).toEqual(["retry", "delivered"])
      expect(log[0]!.error).toMatch(/timed out after 1000 ms/)
      expect(log[0]!.durationMs).toBeGreaterThanOrEqual(950)
      // The message names the timeout used; the bound leaves a loaded machine's late timers room.
      expect(log[0]!.durationMs).toBeLessThan(5_000)
    } finally {
      await slow.close()
    }
  })

  it("sends nothing to in-active or deleted configurations; an update applies to what follows", async () => {
    const rcv = await receiver()
    try {
      const inactive = webhookBody(`${rcv.url}/inactive`, {
        status: "in-active",
      })
      await configure(inactive)
      const deletedId = await configure(webhookBody(`${rcv.url}/deleted`))
      expect(
        (await call(sb, token, "DELETE", `/api/v1/webhookConfig/${deletedId}`))
          .status
      ).toBe(200)
      const updatedId = await configure(
        webhookBody(`${rcv.url}/before`, { events: ["Manifest"] })
      )

      const created = await create(sb, token, "expedited")
      await sb.control.settleWebhooks()
      const put = await call(
        sb,
        token,
        "PUT",
        `/api/v1/webhookConfig/${updatedId}`,
        { body: webhookBody(`${rcv.url}/after`, { events: ["Delivered"] }) }
      )
      expect(put.status).toBe(200)
      sb.control.advance({ until: "done" })
      await sb.control.settleWebhooks()
      expect(rcv.received.map((r) => [r.url, r.body[0].status])).toEqual([
        ["/before", "Manifest"],
        ["/after", "Delivered"],
      ])
      expect(rcv.received[1]!.body[0].trackingNumber).toBe(
        created.body.parcelTrackingNumber
      )
    } finally {
      await rcv.close()
    }
  })

  it("delivers one shipment's events strictly in order even when the receiver is slow", async () => {
    const slow = await receiver((_r, n) => (n === 1 ? 500 : 200))
    try {
      await configure(webhookBody(slow.url))
      await runTimeline()
      const statuses = sb.control
        .webhookLog()
        .filter((e) => e.outcome === "delivered")
        .map((e) => (e.payload[0] as any).status)
      expect(statuses).toEqual([
        "Manifest",
        "Acceptance",
        "InTransit",
        "InTransit",
        "OutForDelivery",
        "Delivered",
      ])
      // the Manifest retry finished before Acceptance left
      expect(slow.received.map((r) => r.body[0].status).slice(0, 3)).toEqual([
        "Manifest",
        "Manifest",
        "Acceptance",
      ])
    } finally {
      await slow.close()
    }
  })

  it("delivery off: nothing is sent, the log says suppressed", async () => {
    const rcv = await receiver()
    try {
      await configure(webhookBody(rcv.url))
      sb.control.setWebhookDelivery(false)
      await runTimeline()
      expect(rcv.received).toHaveLength(0)
      expect(
        sb.control.webhookLog().every((e) => e.outcome === "suppressed")
      ).toBe(true)
      sb.control.setWebhookDelivery(true)
      await runTimeline()
      expect(rcv.received).toHaveLength(6)
    } finally {
      await rcv.close()
    }
  })

  it("duplicate mode sends each notification twice, as separate deliveries", async () => {
    const rcv = await receiver()
    try {
      await configure(
        webhookBody(rcv.url, { events: ["Manifest", "Delivered"] })
      )
      sb.control.setWebhookMode("duplicate")
      await runTimeline()
      const ids = rcv.received.map((r) => r.body[0].eventId)
      expect(ids).toHaveLength(4)
      expect(ids[0]).toBe(ids[1])
      expect(ids[2]).toBe(ids[3])
      expect(ids[0]).not.toBe(ids[2])
      expect(rcv.received[0]!.headers["x-vendor-referenceid"]).not.toBe(
        rcv.received[1]!.headers["x-vendor-referenceid"]
      )
    } finally {
      await rcv.close()
    }
  })

  it("out-of-order mode sends the events of one clock step newest first", async () => {
    const rcv = await receiver()
    try {
      await configure(
        webhookBody(rcv.url, {
          events: ["Acceptance", "InTransit", "OutForDelivery", "Delivered"],
        })
      )
      sb.control.setWebhookMode("out-of-order")
      await runTimeline()
      expect(rcv.received.map((r) => r.body[0].status)).toEqual([
        "Delivered",
        "OutForDelivery",
        "InTransit",
        "InTransit",
        "Acceptance",
      ])
    } finally {
      await rcv.close()
    }
  })

  it("locker configurations get locker notifications for pickup shipments", async () => {
    const rcv = await receiver()
    try {
      await configure(
        webhookBody(rcv.url, {
          type: "locker",
          events: ["reservation", "deposit", "pickup"],
        })
      )
      const tn = await runTimeline("expedited", "pickup")
      expect(rcv.received.map((r) => r.body[0].event)).toEqual([
        "reservation",
        "deposit",
        "pickup",
      ])
      const parsed = parseNotificationBody(rcv.received[1]!.body)
      expect(parsed.ok).toBe(true)
      expect(rcv.received[1]!.body[0]).toMatchObject({
        trackingNumber: tn,
        lockerId: "LKR-60606-01",
        eventDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      })
      await runTimeline("expedited", "delivered")
      expect(rcv.received).toHaveLength(3)
    } finally {
      await rcv.close()
    }
  })

  it("only the shipment's own account's configurations are notified", async () => {
    await sb.close()
    sb = await sandbox({
      accounts: [
        { apiKey: "a", apiSecret: "a" },
        { apiKey: "b", apiSecret: "b" },
      ],
    })
    token = await tokenFor(sb, "a", "a")
    const other = await tokenFor(sb, "b", "b")
    const rcv = await receiver()
    try {
      expect(
        (
          await call(sb, other, "POST", "/api/v1/webhookConfig", {
            body: webhookBody(rcv.url),
          })
        ).status
      ).toBe(200)
      await runTimeline()
      expect(rcv.received).toHaveLength(0)
    } finally {
      await rcv.close()
    }
  })
})
