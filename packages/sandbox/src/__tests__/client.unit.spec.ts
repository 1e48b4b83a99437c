import { ShippingClient } from "../../../../src/shipping-api"
import {
  ShippingBadRequestError,
  ShippingNotFoundError,
  ShippingNetworkError,
  ShippingRateLimitedError,
  ShippingUnavailableError,
} from "../../../../src/shipping-api"
import type { SandboxHandle } from ".."
import {
  clientFor,
  create,
  receiver,
  sandbox,
  tokenFor,
  webhookBody,
} from "./helpers"

/**
 * Round trips through the plugin's own client (src/shipping-api): what the sandbox answers is
 * what the client expects, and the faults produce the client behaviour they exist for.
 */
let sb: SandboxHandle
let client: ShippingClient
beforeEach(async () => {
  sb = await sandbox()
  client = clientFor(sb)
})
afterEach(() => sb.close())

describe("ShippingClient against the sandbox", () => {
  it("webhook configuration: events, create, list (all pages), get, update, delete", async () => {
    const events = await client.listApplicableEvents()
    expect(events.map((e) => e.name)).toContain("updatereservation")
    const ids: string[] = []
    for (let i = 0; i < 23 && ids.length < 20; i++) {
      ids.push(
        (
          await client.createWebhookConfig(
            webhookBody(`https://x.example/${i}`, { name: `c${i}` }) as never
          )
        ).webHookConfigID
      )
    }
    await expect(
      client.createWebhookConfig(webhookBody("https://x.example/21") as never)
    ).rejects.toBeInstanceOf(ShippingBadRequestError)
    const listed = await client.listWebhookConfigs()
    expect(listed.map((c) => c.webHookConfigID)).toEqual(ids)
    const updated = await client.updateWebhookConfig(
      ids[0]!,
      webhookBody("https://x.example/new", { status: "in-active" }) as never
    )
    expect(updated.status).toBe("in-active")
    expect((await client.getWebhookConfig(ids[0]!)).url).toBe(
      "https://x.example/new"
    )
    await client.deleteWebhookConfig(ids[0]!)
    await expect(client.getWebhookConfig(ids[0]!)).rejects.toBeInstanceOf(
      ShippingNotFoundError
    )
  })

  it("tracking and contact", async () => {
    const token = await tokenFor(sb)
    const tn = (await create(sb, token, "standard")).body.parcelTrackingNumber
    sb.control.advance({ until: "done" })
    const t = await client.getTracking(tn, { parcelCarrier: "STANDARD" })
    expect(t.status).toBe("Delivered")
    expect(t.currentStatus?.packageStatus).toBe("Delivered")
    await expect(
      client.getTracking("9400000000000000000000", { parcelCarrier: "POSTAL" })
    ).rejects.toBeInstanceOf(ShippingNotFoundError)
    const contact = await client.updateContact(
      "sandbox-contact",
      { company: "Client Co" },
      { idType: "SANDBOX" }
    )
    expect(contact).toMatchObject({
      contactId: "sandbox-contact",
      name: "Shipping Desk",
      company: "Client Co",
    })
  })

  it("faults: 503 and 500 are retried on idempotent calls, 429 honours Retry-After", async () => {
    sb.control.injectFault("listEvents", "503")
    expect((await client.listApplicableEvents()).length).toBeGreaterThan(0)
    expect(sb.control.stats().requests.listEvents).toBe(2)
    const id = (
      await client.createWebhookConfig(
        webhookBody("https://x.example/a") as never
      )
    ).webHookConfigID
    sb.control.injectFault("getWebhookConfig", "500")
    expect((await client.getWebhookConfig(id)).webHookConfigID).toBe(id)
    expect(sb.control.stats().requests.getWebhookConfig).toBe(2)
    sb.control.injectFault("listEvents", "429=1")
    const t0 = Date.now()
    await client.listApplicableEvents()
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900)
    sb.control.injectFault("listEvents", "503", 5)
    await expect(client.listApplicableEvents()).rejects.toBeInstanceOf(
      ShippingUnavailableError
    )
    sb.control.clearFaults()
    sb.control.injectFault("listEvents", "429=120")
    await expect(client.listApplicableEvents()).rejects.toBeInstanceOf(
      ShippingRateLimitedError
    )
  })

  it("faults: expired tokens are renewed once; hang and drop become network errors, retried when idempotent", async () => {
    await client.listApplicableEvents()
    sb.control.injectFault("listEvents", "expire-tokens")
    await client.listApplicableEvents()
    expect(sb.control.stats().requests.token).toBe(2)

    const quick = clientFor(sb, { timeoutMs: 300 })
    sb.control.injectFault("listEvents", "hang")
    expect((await quick.listApplicableEvents()).length).toBeGreaterThan(0)
    sb.control.injectFault("listEvents", "drop", 3)
    await expect(quick.listApplicableEvents()).rejects.toBeInstanceOf(
      ShippingNetworkError
    )
  })

  it("a configuration registered through the client receives the sandbox's notifications", async () => {
    const rcv = await receiver()
    try {
      await client.createWebhookConfig(
        webhookBody(rcv.url, { events: ["Delivered"] }) as never
      )
      const token = await tokenFor(sb)
      await create(sb, token, "expedited")
      sb.control.advance({ until: "done" })
      await sb.control.settleWebhooks()
      expect(rcv.received.map((r) => r.body[0].status)).toEqual(["Delivered"])
    } finally {
      await rcv.close()
    }
  })
})
