import { validateWebhookConfig } from "../../operations/webhooks"
import {
  webhookConfigListResponseSchema,
  webhookConfigRequestSchema,
  webhookConfigResponseSchema,
  webhookEventsResponseSchema,
} from "../webhook-config"

const valid = {
  name: "medusa-shipping-services",
  type: "tracking",
  events: ["Delivered", "InTransit"],
  url: "https://shop.example.com/hooks/shipping",
  timeOut: 10,
  authParams: {
    authType: "custom",
    apiKey: "whk-abcdef",
    headerName: "X-Shipping-Services-Key",
  },
}

function rulesOf(body: unknown): string[] {
  const r = validateWebhookConfig(body)
  return r.ok ? [] : r.violations.map((v) => v.rule)
}

describe("webhook configuration request (doc 1)", () => {
  it("accepts a valid body and defaults status to active", () => {
    expect(webhookConfigRequestSchema.parse(valid).status).toBe("active")
    expect(
      webhookConfigRequestSchema.parse({ ...valid, status: "in-active" }).status
    ).toBe("in-active")
  })

  it.each([
    ["custom", { authType: "custom", apiKey: "k", headerName: "X-Key" }],
    ["basic", { authType: "basic", clientID: "c", secret: "s" }],
    [
      "oauth",
      {
        authType: "oauth",
        clientID: "c",
        secret: "s",
        tokenUrl: "https://idp.example.com/token",
      },
    ],
    ["custom without fields (none is marked required)", { authType: "custom" }],
  ])("accepts authParams %s", (_, authParams) => {
    expect(
      webhookConfigRequestSchema.safeParse({ ...valid, authParams }).success
    ).toBe(true)
  })

  it("accepts locker events for a locker configuration", () => {
    expect(
      rulesOf({ ...valid, type: "locker", events: ["reservation", "pickup"] })
    ).toEqual([])
  })

  it.each([
    [
      "name longer than 50",
      { name: "n".repeat(51) },
      "webhook-config.name.max-length",
    ],
    ["empty name", { name: " " }, "webhook-config.name.not-empty"],
    ["unknown type", { type: "parcel" }, "webhook-config.type.enum"],
    [
      "tracking event on a locker configuration",
      { type: "locker", events: ["Delivered"] },
      "webhook-config.events.valid-for-type",
    ],
    [
      "locker event on a tracking configuration",
      { events: ["pickup"] },
      "webhook-config.events.valid-for-type",
    ],
    ["no events", { events: [] }, "webhook-config.events.not-empty"],
    [
      "url not absolute",
      { url: "shop.example.com/hooks" },
      "webhook-config.url.http-url",
    ],
    ["timeOut as a string", { timeOut: "10" }, "webhook-config.timeOut.type"],
    ["timeOut zero", { timeOut: 0 }, "webhook-config.timeOut.positive"],
    ["status unknown", { status: "paused" }, "webhook-config.status.enum"],
    ["missing url", { url: undefined }, "webhook-config.url.required"],
    ["unknown field", { extra: 1 }, "webhook-config.unknown-field"],
  ])("refuses %s", (_, edit, rule) => {
    expect(rulesOf({ ...valid, ...edit })).toContain(rule)
  })

  it.each([
    ["unknown authType", { authType: "token", apiKey: "k" }],
    ["fields of another shape", { authType: "basic", apiKey: "k" }],
    ["no authType", { apiKey: "k", headerName: "X" }],
  ])("refuses authParams with %s", (_, authParams) => {
    const r = validateWebhookConfig({ ...valid, authParams })
    expect(r.ok).toBe(false)
    if (!r.ok)
      expect(r.violations.every((v) => v.path.startsWith("authParams"))).toBe(
        true
      )
  })

  it("gives paths, sources and no key values in its violations", () => {
    const r = validateWebhookConfig({
      ...valid,
      type: "locker",
      events: ["Delivered"],
      authParams: { authType: "custom", apiKey: "SECRET-KEY-1", extra: "x" },
    })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.violations).toContainEqual(
      expect.objectContaining({
        path: "events",
        rule: "webhook-config.events.valid-for-type",
        source: "doc 1, Event names by webhook type",
      })
    )
    expect(r.violations).toContainEqual(
      expect.objectContaining({
        path: "authParams",
        rule: "webhook-config.authParams.unknown-field",
      })
    )
    expect(r.violations.find((v) => v.path === "events")?.message).toMatch(
      /^Delivered not events of type locker/
    )
    expect(JSON.stringify(r.violations)).not.toContain("SECRET-KEY-1")
  })
})

describe("webhook configuration responses (doc 1)", () => {
  const response = {
    ...valid,
    status: "active",
    webHookConfigID: "wh-1",
    developerPartnerId: "dp-9",
    unknownField: true,
  }

  it("reads the response form, keeping unknown fields", () => {
    const r = webhookConfigResponseSchema.parse(response)
    expect(r.webHookConfigID).toBe("wh-1")
    expect(r.developerPartnerId).toBe("dp-9")
    expect(r).toHaveProperty("unknownField", true)
  })

  it("tolerates nulls and a timeOut sent as a string", () => {
    const r = webhookConfigResponseSchema.parse({
      webHookConfigID: "wh-1",
      name: null,
      timeOut: "15",
      authParams: null,
    })
    expect(r.timeOut).toBe(15)
    expect(r.name).toBeUndefined()
  })

  it("needs webHookConfigID", () => {
    expect(webhookConfigResponseSchema.safeParse({ ...valid }).success).toBe(
      false
    )
  })

  it("reads a list page: data with authType/apiKey/headerName, pageInfo", () => {
    const page = webhookConfigListResponseSchema.parse({
      data: [
        {
          ...response,
          authParams: { authType: "custom", apiKey: "k", headerName: "X-K" },
        },
      ],
      pageInfo: { total: 1, pages: 1, page: 0 },
    })
    expect(page.data?.[0].authParams).toEqual({
      authType: "custom",
      apiKey: "k",
      headerName: "X-K",
    })
    expect(page.pageInfo).toEqual({ total: 1, pages: 1, page: 0 })
  })

  it("reads the applicable events, including updatereservation", () => {
    const events = webhookEventsResponseSchema.parse([
      { eventId: "1", name: "Delivered" },
      { eventId: "2", name: "updatereservation" },
    ])
    expect(events.map((e) => e.name)).toEqual([
      "Delivered",
      "updatereservation",
    ])
    expect(
      webhookEventsResponseSchema.safeParse([{ eventId: "1" }]).success
    ).toBe(false)
  })
})
