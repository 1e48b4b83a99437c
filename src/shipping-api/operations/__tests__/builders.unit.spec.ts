import {
  examplesOf,
  TRACKING_RULE_EXAMPLES,
} from "../../__fixtures__/rule-examples"
import { buildUpdateContact } from "../contact"
import {
  basicCredentials,
  buildTokenRequest,
  parseTokenResponse,
} from "../token"
import {
  buildGetTracking,
  parseTrackingResponse,
  TRACKING_RULES,
  trackingRequestViolations,
} from "../tracking"
import {
  buildCreateWebhookConfig,
  buildDeleteWebhookConfig,
  buildGetWebhookConfig,
  buildListApplicableEvents,
  buildListWebhookConfigs,
  buildUpdateWebhookConfig,
  nextWebhookPage,
  webhookSecrets,
} from "../webhooks"

const body = {
  name: "hooks",
  type: "tracking",
  events: ["Delivered"],
  url: "https://shop.example.com/hooks",
  authParams: { authType: "custom", apiKey: "whk-1", headerName: "X-Key" },
}

describe("token builder (doc 4)", () => {
  it("builds the Basic-authenticated client-credentials request on the auth root", () => {
    expect(buildTokenRequest({ apiKey: "k", apiSecret: "s" })).toEqual({
      method: "POST",
      root: "auth",
      path: "/oauth/token",
      headers: {
        Authorization: `Basic ${basicCredentials("k", "s")}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    })
    expect(basicCredentials("k", "s")).toBe("azpz")
  })

  it("parses the answer into a token and its life, naming only fields when wrong", () => {
    expect(parseTokenResponse({ access_token: "t", expiresIn: "60" })).toEqual({
      ok: true,
      value: { accessToken: "t", expiresInMs: 60_000 },
    })
    expect(parseTokenResponse({ access_token: "t" })).toEqual({
      ok: false,
      fields: ["expiresIn"],
    })
  })
})

describe("webhook builders (doc 1)", () => {
  it("builds each operation on the webhook root", () => {
    expect(buildListApplicableEvents()).toEqual({
      method: "GET",
      root: "webhook",
      path: "/api/v1/events",
    })
    expect(buildListWebhookConfigs(2, 20)).toEqual({
      method: "GET",
      root: "webhook",
      path: "/api/v1/webhookConfig",
      query: { page: 2, size: 20 },
    })
    expect(buildCreateWebhookConfig(body)).toEqual({
      ok: true,
      method: "POST",
      root: "webhook",
      path: "/api/v1/webhookConfig",
      body: { ...body, status: "active" },
    })
    expect(buildGetWebhookConfig("a/b")).toMatchObject({
      ok: true,
      method: "GET",
      path: "/api/v1/webhookConfig/a%2Fb",
    })
    expect(buildUpdateWebhookConfig("w1", body)).toMatchObject({
      ok: true,
      method: "PUT",
      path: "/api/v1/webhookConfig/w1",
    })
    expect(buildDeleteWebhookConfig("w1")).toMatchObject({
      ok: true,
      method: "DELETE",
      path: "/api/v1/webhookConfig/w1",
    })
  })

  it("refuses bad ids and bodies with violations", () => {
    expect(buildGetWebhookConfig("")).toEqual({
      ok: false,
      violations: [
        {
          path: "webHookConfigID",
          rule: "webhook-config.webHookConfigID.not-empty",
          message: "must not be empty",
          source: "doc 1, Endpoints (webHookConfigID)",
        },
      ],
    })
    const r = buildUpdateWebhookConfig(" ", { ...body, name: undefined })
    expect(r.ok).toBe(false)
    if (!r.ok)
      expect(r.violations.map((v) => v.rule)).toEqual([
        "webhook-config.webHookConfigID.not-empty",
        "webhook-config.name.required",
      ])
  })

  it("knows which values of a body are secrets", () => {
    expect(webhookSecrets(body)).toEqual(["whk-1"])
    expect(
      webhookSecrets({
        authParams: {
          authType: "oauth",
          clientID: "c",
          secret: "s",
          tokenUrl: "u",
        },
      })
    ).toEqual(["s", "c"])
    expect(webhookSecrets(undefined)).toEqual([])
  })

  it("pages until pageInfo says done, and never loops on repeated pages", () => {
    const page = (ids: string[], pages?: number) => ({
      data: ids.map((webHookConfigID) => ({ webHookConfigID })),
      pageInfo: pages === undefined ? undefined : { pages },
    })
    expect(nextWebhookPage(0, page(["a"], 3), new Set())).toBe(1)
    expect(nextWebhookPage(2, page(["c"], 3), new Set())).toBeUndefined()
    expect(nextWebhookPage(0, page([], 3), new Set())).toBeUndefined()
    expect(nextWebhookPage(1, page(["a"], 3), new Set(["a"]))).toBeUndefined()
    expect(nextWebhookPage(0, page(["a"]), new Set())).toBeUndefined()
  })
})

describe("tracking builder (doc 3)", () => {
  it("builds the GET with packageIdentifierType, and carrier for a standard delivery parcel", () => {
    expect(buildGetTracking(" 9400 1 ", { parcelCarrier: "STANDARD" })).toEqual(
      {
        ok: true,
        method: "GET",
        root: "base",
        path: "/v1/tracking/9400%201",
        query: { packageIdentifierType: "TrackingNumber", carrier: "STANDARD" },
      }
    )
    expect(buildGetTracking("", { parcelCarrier: "POSTAL" }).ok).toBe(false)
  })

  it("sends carrier only for standard delivery parcels", () => {
    for (const parcelCarrier of ["POSTAL", "CARRIER_A", "XBORDER"] as const) {
      expect(buildGetTracking("9400", { parcelCarrier })).toMatchObject({
        ok: true,
        query: { packageIdentifierType: "TrackingNumber" },
      })
      const built = buildGetTracking("9400", { parcelCarrier })
      expect(built.ok && built.query).not.toHaveProperty("carrier")
    }
  })

  it("requires the parcel's carrier: a standard parcel without it would be refused (doc 3)", () => {
    const built = buildGetTracking("9400", {} as never)
    expect(built).toMatchObject({
      ok: false,
      violations: [
        { rule: "tracking.parcelCarrier.known", path: "parcelCarrier" },
      ],
    })
    expect(buildGetTracking("9400", { parcelCarrier: "NGS" as never }).ok).toBe(
      false
    )
  })

  it("has examples for every tracking rule, and only for them", () => {
    expect(Object.keys(TRACKING_RULE_EXAMPLES)).toEqual(
      TRACKING_RULES.map((r) => r.id)
    )
  })

  describe.each(TRACKING_RULES.map((r) => [r.id, r] as const))(
    "tracking rule %s",
    (_id, rule) => {
      const examples = examplesOf(TRACKING_RULE_EXAMPLES, rule.id)
      it("has at least one passing and one failing example", () => {
        expect(examples.pass.length).toBeGreaterThan(0)
        expect(examples.fail.length).toBeGreaterThan(0)
      })
      it.each(examples.pass.map((e, i) => [i, e] as const))(
        "passes example %i",
        (_i, e) => {
          expect(rule.check(e)).toEqual([])
          expect(trackingRequestViolations(e)).toEqual([])
        }
      )
      it.each(examples.fail.map((e, i) => [i, e] as const))(
        "fails example %i",
        (_i, e) => {
          expect(trackingRequestViolations(e).map((v) => v.rule)).toContain(
            rule.id
          )
        }
      )
    }
  )

  it("parses an answer or names the wrong fields", () => {
    expect(parseTrackingResponse({ trackingNumber: "1" })).toMatchObject({
      ok: true,
    })
    expect(parseTrackingResponse({})).toEqual({
      ok: false,
      fields: ["trackingNumber"],
    })
  })
})

describe("contact builder (doc 3)", () => {
  it("sends only the fields given, on the contact root, with idType when given", () => {
    expect(
      buildUpdateContact("c 1", { company: "Shop", name: undefined })
    ).toEqual({
      ok: true,
      method: "PATCH",
      root: "contact",
      path: "/api/v1/contact/c%201",
      query: { idType: undefined },
      body: { company: "Shop" },
    })
    expect(
      buildUpdateContact("c1", { name: "" }, { idType: "P" })
    ).toMatchObject({ ok: true, body: { name: "" }, query: { idType: "P" } })
  })

  it("refuses an empty body, unknown fields and an empty id", () => {
    const r = buildUpdateContact("", { phone: "1" })
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.violations.map((v) => [v.path, v.rule])).toEqual([
        ["contactId", "contact.contactId.not-empty"],
        ["", "contact.unknown-field"],
      ])
    }
  })
})
