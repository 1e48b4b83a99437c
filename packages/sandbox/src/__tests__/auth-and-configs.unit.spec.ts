import type { SandboxHandle } from ".."
import { call, create, sandbox, tokenFor, webhookBody } from "./helpers"

let sb: SandboxHandle
let token: string
beforeEach(async () => {
  sb = await sandbox({ tokenTtlSeconds: 3600 })
  token = await tokenFor(sb)
})
afterEach(() => sb.close())

describe("token operation and bearer checks (doc 4)", () => {
  it("issues a bearer token for Basic key:secret and refuses anything else", async () => {
    const res = await fetch(`${sb.roots.authUrl}/oauth/token`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from("sandbox-key:sandbox-secret").toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      access_token: expect.any(String),
      expiresIn: "3600",
      token_type: "Bearer",
    })

    const wrong = await fetch(`${sb.url}/oauth/token`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from("sandbox-key:nope").toString("base64")}`,
      },
      body: "grant_type=client_credentials",
    })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toEqual({
      message: expect.any(String),
      code: "unauthorized",
    })
    const grant = await fetch(`${sb.url}/oauth/token`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from("sandbox-key:sandbox-secret").toString("base64")}`,
      },
      body: "grant_type=password",
    })
    expect(grant.status).toBe(400)
  })

  it("answers 401 in each route family's error shape", async () => {
    const doc1 = await call(sb, undefined, "GET", "/api/v1/events")
    expect(doc1.status).toBe(401)
    expect(doc1.body).toEqual({
      message: "missing bearer token",
      code: "unauthorized",
    })
    const shipping = await call(sb, "bogus", "POST", "/v1/shipments", {
      body: {},
    })
    expect(shipping.status).toBe(401)
    expect(shipping.body.errors[0]).toMatchObject({ errorCode: "UNAUTHORIZED" })
    const contact = await call(
      sb,
      "bogus",
      "PATCH",
      "/api/v1/contact/sandbox-contact",
      { body: { name: "x" } }
    )
    expect(contact.status).toBe(401)
    expect(contact.body).toEqual({ message: "invalid access token" })
  })

  it("expires tokens on the sandbox clock and on demand", async () => {
    expect((await call(sb, token, "GET", "/api/v1/events")).status).toBe(200)
    sb.control.advance({ seconds: 3601 })
    expect((await call(sb, token, "GET", "/api/v1/events")).body.message).toBe(
      "access token expired"
    )
    const fresh = await tokenFor(sb)
    expect((await call(sb, fresh, "GET", "/api/v1/events")).status).toBe(200)
    expect(sb.control.expireTokens().expired).toBeGreaterThanOrEqual(1)
    expect((await call(sb, fresh, "GET", "/api/v1/events")).status).toBe(401)
  })

  it("keeps accounts apart", async () => {
    await sb.close()
    sb = await sandbox({
      accounts: [
        { apiKey: "a", apiSecret: "a" },
        { apiKey: "b", apiSecret: "b" },
      ],
    })
    const a = await tokenFor(sb, "a", "a")
    const b = await tokenFor(sb, "b", "b")
    const id = (
      await call(sb, a, "POST", "/api/v1/webhookConfig", {
        body: webhookBody("http://127.0.0.1:1/x"),
      })
    ).body.webHookConfigID
    expect(
      (await call(sb, b, "GET", `/api/v1/webhookConfig/${id}`)).status
    ).toBe(404)
    expect(
      (await call(sb, b, "GET", "/api/v1/webhookConfig")).body.pageInfo.total
    ).toBe(0)
    const s = (await create(sb, a, "expedited")).body
    expect(
      (await call(sb, b, "GET", `/v1/shipments/${s.shipmentId}?carrier=POSTAL`))
        .status
    ).toBe(404)
    expect(
      (await call(sb, a, "GET", `/v1/shipments/${s.shipmentId}?carrier=POSTAL`))
        .status
    ).toBe(200)
  })
})

describe("webhook configuration (doc 1)", () => {
  it("lists the applicable events, updatereservation included", async () => {
    const res = await call(sb, token, "GET", "/api/v1/events")
    const names = res.body.map((e: any) => e.name)
    expect(names).toEqual(
      expect.arrayContaining([
        "Manifest",
        "Delivered",
        "PickedUp",
        "reservation",
        "onhold",
        "updatereservation",
      ])
    )
    expect(res.body.every((e: any) => typeof e.eventId === "string")).toBe(true)
  })

  it("creates, reads, replaces and deletes a configuration", async () => {
    const created = await call(sb, token, "POST", "/api/v1/webhookConfig", {
      body: webhookBody("https://shop.example.com/hook"),
    })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({
      webHookConfigID: expect.any(String),
      developerPartnerId: "sandbox-partner",
      status: "active",
      name: "tests",
      type: "tracking",
    })
    const id = created.body.webHookConfigID
    expect(
      (await call(sb, token, "GET", `/api/v1/webhookConfig/${id}`)).body
    ).toEqual(created.body)
    const put = await call(sb, token, "PUT", `/api/v1/webhookConfig/${id}`, {
      body: webhookBody("https://shop.example.com/new", {
        status: "in-active",
      }),
    })
    expect(put.body).toMatchObject({
      webHookConfigID: id,
      url: "https://shop.example.com/new",
      status: "in-active",
    })
    const del = await call(sb, token, "DELETE", `/api/v1/webhookConfig/${id}`)
    expect(del.status).toBe(200)
    expect(del.body).toBeUndefined()
    expect(
      (await call(sb, token, "GET", `/api/v1/webhookConfig/${id}`)).body
    ).toEqual({ message: expect.any(String), code: "not_found" })
    expect(
      (await call(sb, token, "DELETE", `/api/v1/webhookConfig/${id}`)).status
    ).toBe(404)
  })

  it("validates with the doc 1 schema", async () => {
    const res = await call(sb, token, "POST", "/api/v1/webhookConfig", {
      body: webhookBody("https://x.example", {
        name: "n".repeat(51),
        events: ["deposit"],
        authParams: { authType: "custom", apiKey: 1 },
      }),
    })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe("validation_error")
    expect(res.body.message).toMatch(/50/)
    expect(res.body.message).toMatch(/deposit|not an event/)
  })

  it("pages the list from page 0; list entries carry authType, apiKey, headerName only", async () => {
    for (let i = 0; i < 12; i++) {
      const auth =
        i % 2
          ? { authType: "basic", clientID: "c", secret: "s" }
          : { authType: "custom", apiKey: `k${i}`, headerName: "X-K" }
      expect(
        (
          await call(sb, token, "POST", "/api/v1/webhookConfig", {
            body: webhookBody(`https://x.example/${i}`, {
              name: `c${i}`,
              authParams: auth,
            }),
          })
        ).status
      ).toBe(200)
    }
    const first = await call(
      sb,
      token,
      "GET",
      "/api/v1/webhookConfig?page=0&size=5"
    )
    expect(first.body.pageInfo).toEqual({ total: 12, pages: 3, page: 0 })
    expect(first.body.data.map((c: any) => c.name)).toEqual([
      "c0",
      "c1",
      "c2",
      "c3",
      "c4",
    ])
    expect(first.body.data[0].authParams).toEqual({
      authType: "custom",
      apiKey: "k0",
      headerName: "X-K",
    })
    expect(first.body.data[1].authParams).toEqual({ authType: "basic" })
    const last = await call(
      sb,
      token,
      "GET",
      "/api/v1/webhookConfig?page=2&size=5"
    )
    expect(last.body.data).toHaveLength(2)
    expect(
      (await call(sb, token, "GET", "/api/v1/webhookConfig?page=-1")).status
    ).toBe(400)
  })

  it("refuses the 21st configuration of an account", async () => {
    for (let i = 0; i < 20; i++) {
      expect(
        (
          await call(sb, token, "POST", "/api/v1/webhookConfig", {
            body: webhookBody(`https://x.example/${i}`, { name: `c${i}` }),
          })
        ).status
      ).toBe(200)
    }
    const res = await call(sb, token, "POST", "/api/v1/webhookConfig", {
      body: webhookBody("https://x.example/21"),
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      message: expect.stringContaining("20"),
      code: "validation_error",
    })
  })
})
