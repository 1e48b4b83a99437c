import {
  ShippingUnexpectedResponseError,
  ShippingValidationError,
} from "../../errors"
import { ShippingClient } from "../shipping-client"
import { clearTokenCache } from "../token-cache"
import {
  clientConfig,
  fakeClock,
  fakeService,
  json,
  withToken,
  type FakeRequest,
} from "./fake-service"

beforeEach(() => clearTokenCache())

const body = {
  name: "hooks",
  type: "tracking" as const,
  events: ["Delivered", "InTransit"],
  url: "https://shop.example.com/hooks",
  timeOut: 10,
  authParams: {
    authType: "custom" as const,
    apiKey: "whk-1234567",
    headerName: "X-Key",
  },
}
const config = (id: string) => ({
  ...body,
  status: "active",
  webHookConfigID: id,
  developerPartnerId: "dp",
})

function client(handler: (req: FakeRequest) => Response, over = {}) {
  const service = fakeService(withToken(handler))
  return {
    service,
    client: new ShippingClient(clientConfig(service.fetch, fakeClock(), over)),
  }
}

describe("webhook configuration (doc 1)", () => {
  it("lists every page from page 0 until pageInfo says done", async () => {
    const pages = [
      [config("a"), config("b")],
      [config("c"), config("d")],
      [config("e")],
    ]
    const { service, client: c } = client(
      (req) => {
        const page = Number(req.url.searchParams.get("page"))
        return json(200, {
          data: pages[page],
          pageInfo: { total: 5, pages: 3, page },
        })
      },
      { webhookPageSize: 2 }
    )
    const all = await c.listWebhookConfigs()
    expect(all.map((w) => w.webHookConfigID)).toEqual(["a", "b", "c", "d", "e"])
    expect(service.apiCalls().map((r) => r.url.search)).toEqual([
      "?page=0&size=2",
      "?page=1&size=2",
      "?page=2&size=2",
    ])
  })

  it("stops when a server ignores `page` and repeats itself", async () => {
    const { service, client: c } = client(() =>
      json(200, {
        data: [config("a")],
        pageInfo: { total: 9, pages: 9, page: 0 },
      })
    )
    expect(
      (await c.listWebhookConfigs()).map((w) => w.webHookConfigID)
    ).toEqual(["a"])
    expect(service.apiCalls()).toHaveLength(2)
  })

  it("stops on an empty page or without pageInfo", async () => {
    const empty = client(() =>
      json(200, { data: [], pageInfo: { total: 0, pages: 0, page: 0 } })
    )
    expect(await empty.client.listWebhookConfigs()).toEqual([])
    const noInfo = client(() => json(200, { data: [config("a")] }))
    expect(await noInfo.client.listWebhookConfigs()).toHaveLength(1)
    expect(noInfo.service.apiCalls()).toHaveLength(1)
  })

  it("stops at a hard page limit when every page brings new entries", async () => {
    const { client: c } = client((req) => {
      const page = Number(req.url.searchParams.get("page"))
      return json(200, {
        data: [config(`w${page}`)],
        pageInfo: { total: 1e6, pages: 1e6, page },
      })
    })
    await expect(c.listWebhookConfigs()).rejects.toBeInstanceOf(
      ShippingUnexpectedResponseError
    )
  })

  it("creates, gets, updates (PUT, full body) and deletes (200, no body) on {webhook_url}/api/v1", async () => {
    const { service, client: c } = client((req) =>
      req.method === "DELETE"
        ? new Response(null, { status: 200 })
        : json(200, config("w 1"))
    )
    await c.createWebhookConfig(body)
    await c.getWebhookConfig("w 1")
    await c.updateWebhookConfig("w 1", { ...body, status: "in-active" })
    await expect(c.deleteWebhookConfig("w 1")).resolves.toBeUndefined()
    expect(service.apiCalls().map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST https://hooks.test/api/v1/webhookConfig",
      "GET https://hooks.test/api/v1/webhookConfig/w%201",
      "PUT https://hooks.test/api/v1/webhookConfig/w%201",
      "DELETE https://hooks.test/api/v1/webhookConfig/w%201",
    ])
    expect(service.apiCalls()[2].json()).toEqual({
      ...body,
      status: "in-active",
    })
  })

  it("lists the applicable events", async () => {
    const { service, client: c } = client(() =>
      json(200, [{ eventId: "9", name: "updatereservation" }])
    )
    expect(await c.listApplicableEvents()).toEqual([
      { eventId: "9", name: "updatereservation" },
    ])
    expect(service.apiCalls()[0].url.toString()).toBe(
      "https://hooks.test/api/v1/events"
    )
  })

  it("refuses an invalid body before sending anything", async () => {
    const { service, client: c } = client(() => json(200, {}))
    const error = await c
      .createWebhookConfig({ ...body, type: "locker" })
      .catch((e) => e)
    expect(error).toBeInstanceOf(ShippingValidationError)
    expect(error.violations[0]).toMatchObject({
      rule: "webhook-config.events.valid-for-type",
    })
    await expect(c.updateWebhookConfig("", body)).rejects.toBeInstanceOf(
      ShippingValidationError
    )
    expect(service.calls).toHaveLength(0)
  })

  it("refuses an answer without webHookConfigID", async () => {
    const { client: c } = client(() => json(200, { ...body }))
    const error = await c.createWebhookConfig(body).catch((e) => e)
    expect(error).toBeInstanceOf(ShippingUnexpectedResponseError)
    expect(error.messages).toEqual([
      "webHookConfigID does not match the documented shape",
    ])
  })
})

describe("tracking (doc 3)", () => {
  it("GETs {base_url}/v1/tracking/{n}?packageIdentifierType=TrackingNumber, carrier as its wire value", async () => {
    const { service, client: c } = client(
      () =>
        json(200, {
          trackingNumber: "94 00",
          status: "Delivered",
          carrier: "SD-WIRE",
        }),
      {
        carrierCodes: { STANDARD: "SD-WIRE" },
      }
    )
    const r = await c.getTracking("94 00", { parcelCarrier: "STANDARD" })
    expect(service.apiCalls()[0].url.toString()).toBe(
      "https://api.test/shipping/v1/tracking/94%2000?packageIdentifierType=TrackingNumber&carrier=SD-WIRE"
    )
    expect(r).toMatchObject({
      trackingNumber: "94 00",
      status: "Delivered",
      carrier: "STANDARD",
    })
    await c.getTracking("1Z", { parcelCarrier: "CARRIER_A" })
    expect(service.apiCalls()[1].url.search).toBe(
      "?packageIdentifierType=TrackingNumber"
    )
  })

  it("refuses an empty tracking number", async () => {
    const { service, client: c } = client(() => json(200, {}))
    await expect(
      c.getTracking(" ", { parcelCarrier: "POSTAL" })
    ).rejects.toBeInstanceOf(ShippingValidationError)
    expect(service.calls).toHaveLength(0)
  })
})

describe("contact update (doc 3)", () => {
  it("PATCHes {contact_url}/api/v1/contact/{id} with only the fields given", async () => {
    const { service, client: c } = client((req) =>
      json(200, {
        contactId: "c-1",
        name: "Ann",
        company: "Old Co",
        ...req.json(),
      })
    )
    const r = await c.updateContact(
      "c-1",
      { name: "Ann", company: undefined },
      { idType: "P-7" }
    )
    const call = service.apiCalls()[0]
    expect(`${call.method} ${call.url}`).toBe(
      "PATCH https://contacts.test/api/v1/contact/c-1?idType=P-7"
    )
    expect(call.body).toBe('{"name":"Ann"}')
    expect(r).toMatchObject({
      contactId: "c-1",
      name: "Ann",
      company: "Old Co",
    })
  })

  it("refuses an empty update or an empty id, sending nothing", async () => {
    const { service, client: c } = client(() => json(200, {}))
    const error = await c.updateContact("c-1", {}).catch((e) => e)
    expect(error).toBeInstanceOf(ShippingValidationError)
    expect(error.violations.map((v: { rule: string }) => v.rule)).toEqual([
      "contact.body.not-empty",
    ])
    await expect(c.updateContact("", { name: "x" })).rejects.toBeInstanceOf(
      ShippingValidationError
    )
    expect(service.calls).toHaveLength(0)
  })
})
