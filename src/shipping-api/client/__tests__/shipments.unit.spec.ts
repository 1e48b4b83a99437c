import { baseRequest } from "../../__fixtures__/rule-examples"
import {
  ShippingBadRequestError,
  ShippingNotFoundError,
  ShippingOutcomeUnknownError,
  ShippingServerError,
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
  type FakeAnswer,
  type FakeRequest,
} from "./fake-service"

/**
 * Shipment operations over HTTP against a fake service, with part A's builders and validator.
 * The create tests follow doc 2 rule 4 as decided in doc 4: one post per transaction id.
 */

beforeEach(() => clearTokenCache())

const shipment = baseRequest("expedited")
const created = (id = "S-1") => ({
  ...shipment,
  shipmentId: id,
  parcelTrackingNumber: "9400",
  rates: [{ carrier: "POSTAL", totalCarrierCharge: 7.5 }],
})

const isCreate = (r: FakeRequest) =>
  r.method === "POST" && r.path === "/shipping/v1/shipments"
const isRetry = (r: FakeRequest) =>
  r.method === "GET" && r.path === "/shipping/v1/shipments"

/** Scripted answers per kind of request. */
function service(script: { create: FakeAnswer[]; retry?: FakeAnswer[] }) {
  return fakeService(
    withToken((req) => {
      if (isCreate(req))
        return (
          script.create.shift() ?? json(500, { message: "unscripted create" })
        )
      if (isRetry(req))
        return (
          script.retry?.shift() ?? json(500, { message: "unscripted retry" })
        )
      return json(500, { message: `unscripted ${req.method} ${req.path}` })
    })
  )
}

const notCreated = () =>
  json(404, {
    errors: [
      {
        errorCode: "SHIPMENT_NOT_FOUND",
        errorDescription: "no shipment for that id",
      },
    ],
  })

function clientFor(s: ReturnType<typeof fakeService>, over = {}) {
  return new ShippingClient(
    clientConfig(s.fetch, fakeClock(), { timeoutMs: 20, ...over })
  )
}

describe("createShipment", () => {
  it("posts once with the stored transaction id and the doc 2 headers", async () => {
    const s = service({ create: [json(200, created())] })
    const client = clientFor(s, {
      shipper: { ratePlan: "PLAN-9", carrierAccountId: "ACCT-1" },
    })
    const result = await client.createShipment(shipment, {
      transactionId: "T1",
    })
    expect(result).toMatchObject({
      transactionId: "T1",
      recovered: false,
      shipment: { shipmentId: "S-1" },
    })
    const post = s.apiCalls()[0]
    expect(post.headers.get("x-vendor-transactionid")).toBe("T1")
    expect(post.headers.get("x-vendor-shipper-rate-plan")).toBe("PLAN-9")
    expect(post.headers.get("x-vendor-shipper-carrier-accountid")).toBeNull() // carrier-account only
    expect(post.headers.get("content-type")).toBe("application/json")
  })

  it("sends a request with a warning and logs it: standard delivery does not print PRINT_CUSTOM_MESSAGE_1; other reference names are rewritten", async () => {
    const standard = baseRequest("standard")
    standard.shipmentOptions!.push({
      name: "PRINT_CUSTOM_MESSAGE_1",
      value: "Thanks",
    })
    standard.references = [{ name: "OrderId", value: "1042" }]
    const s = service({
      create: [json(200, { ...created(), rates: [{ carrier: "STANDARD" }] })],
    })
    const warn = jest.fn()
    await clientFor(s, { logger: { warn } }).createShipment(standard, {
      transactionId: "T1",
    })
    const sent = s.apiCalls()[0].json() as {
      shipmentOptions: { name: string }[]
      references: unknown
    }
    expect(sent.shipmentOptions.map((o) => o.name)).toContain(
      "PRINT_CUSTOM_MESSAGE_1"
    )
    expect(sent.references).toEqual([
      { name: "ReferenceNumber", value: "1042" },
    ])
    expect(sent).not.toHaveProperty("warnings")
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      expect.stringMatching(
        /^createShipment: shipmentOptions\[3\]\.value: .*PRINT_CUSTOM_MESSAGE_1.*\[shipment-options\.standard\.custom-message-1-not-printed\]$/
      ),
      expect.stringMatching(
        /^createShipment: references\[0\]\.name: "OrderId" is sent as ReferenceNumber.*\[references\.standard\.renamed\]$/
      ),
    ])
  })

  it("(a) 500, then the retry operation finds the label: returned, recovered, ONE post", async () => {
    const s = service({
      create: [
        json(500, { errors: [{ errorCode: "500", errorDescription: "boom" }] }),
      ],
      retry: [json(200, created("S-9"))],
    })
    const onNew = jest.fn()
    const result = await clientFor(s).createShipment(shipment, {
      transactionId: "T1",
      onNewTransactionId: onNew,
    })
    expect(result).toMatchObject({
      transactionId: "T1",
      recovered: true,
      shipment: { shipmentId: "S-9" },
    })
    expect(s.apiCalls().filter(isCreate)).toHaveLength(1)
    expect(s.apiCalls().filter(isRetry)[0].url.search).toBe(
      "?originalTransactionId=T1&carrier=POSTAL"
    )
    expect(onNew).not.toHaveBeenCalled()
  })

  it("(b) 500, then 404: a NEW id is stored through onNewTransactionId before the second post, which uses it", async () => {
    const s = service({
      create: [json(500, { message: "boom" }), json(201, created("S-2"))],
      retry: [notCreated()],
    })
    const events: string[] = []
    const result = await clientFor(s).createShipment(shipment, {
      transactionId: "T1",
      newTransactionId: () => "T2",
      onNewTransactionId: async (id) => {
        events.push(`stored ${id} after ${s.apiCalls().length} calls`)
      },
    })
    expect(result).toMatchObject({
      transactionId: "T2",
      recovered: false,
      shipment: { shipmentId: "S-2" },
    })
    expect(events).toEqual(["stored T2 after 2 calls"])
    const posts = s
      .apiCalls()
      .filter(isCreate)
      .map((r) => r.headers.get("x-vendor-transactionid"))
    expect(posts).toEqual(["T1", "T2"])
  })

  it("(b') the default generator makes a fresh, valid id", async () => {
    const s = service({
      create: [json(500, { message: "boom" }), json(200, created())],
      retry: [notCreated()],
    })
    const stored: string[] = []
    const result = await clientFor(s).createShipment(shipment, {
      transactionId: "T1",
      onNewTransactionId: (id) => void stored.push(id),
    })
    expect(stored).toHaveLength(1)
    expect(stored[0]).not.toBe("T1")
    expect(stored[0]).toMatch(/^[A-Za-z0-9_-]{1,25}$/)
    expect(result.transactionId).toBe(stored[0])
  })

  it("(c) a timeout, then the retry operation answers 200", async () => {
    const s = service({ create: ["hang"], retry: [json(200, created("S-3"))] })
    const result = await clientFor(s).createShipment(shipment, {
      transactionId: "T1",
    })
    expect(result).toMatchObject({ recovered: true, transactionId: "T1" })
    expect(s.apiCalls().filter(isCreate)).toHaveLength(1)
  })

  it("(d) a dropped connection, then the retry operation answers 404, then a new create", async () => {
    const s = service({
      create: ["drop", json(200, created("S-4"))],
      retry: [notCreated()],
    })
    const result = await clientFor(s).createShipment(shipment, {
      transactionId: "T1",
      newTransactionId: () => "T2",
      onNewTransactionId: () => undefined,
    })
    expect(result).toMatchObject({ transactionId: "T2", recovered: false })
    expect(
      s
        .apiCalls()
        .map(
          (r) =>
            `${r.method} ${r.headers.get("x-vendor-transactionid") ?? r.url.searchParams.get("originalTransactionId")}`
        )
    ).toEqual(["POST T1", "GET T1", "POST T2"])
  })

  it("(e) the retry operation cannot be reached: outcome unknown, with the transaction id, no second post", async () => {
    const s = service({
      create: [json(500, { message: "boom" })],
      retry: ["drop", "drop", "drop"],
    })
    const error = await clientFor(s)
      .createShipment(shipment, {
        transactionId: "T1",
        onNewTransactionId: () => undefined,
      })
      .catch((e) => e)
    expect(error).toBeInstanceOf(ShippingOutcomeUnknownError)
    expect(error.transactionId).toBe("T1")
    expect(error.message).toContain("outcome unknown for transaction T1")
    expect(s.apiCalls().filter(isCreate)).toHaveLength(1)
    // The retry operation is an idempotent GET: retried up to maxAttempts.
    expect(s.apiCalls().filter(isRetry)).toHaveLength(3)
  })

  it("(f) an invalid request: ShippingValidationError and zero requests (not even a token)", async () => {
    const s = service({ create: [] })
    const invalid = {
      ...shipment,
      rates: [{ ...shipment.rates![0], carrier: "NOPE" }],
    }
    const error = await clientFor(s)
      .createShipment(invalid as never, { transactionId: "T1" })
      .catch((e) => e)
    expect(error).toBeInstanceOf(ShippingValidationError)
    expect(error.violations.length).toBeGreaterThan(0)
    const badId = await clientFor(s)
      .createShipment(shipment, { transactionId: "has space" })
      .catch((e) => e)
    expect(badId).toBeInstanceOf(ShippingValidationError)
    expect(s.calls).toHaveLength(0)
  })

  it("does not recover from a 400: thrown as is, one post, no retry operation", async () => {
    const s = service({
      create: [
        json(400, {
          errors: [
            { errorCode: "INVALID_ADDRESS", errorDescription: "bad address" },
          ],
        }),
      ],
    })
    const error = await clientFor(s)
      .createShipment(shipment, {
        transactionId: "T1",
        onNewTransactionId: () => undefined,
      })
      .catch((e) => e)
    expect(error).toBeInstanceOf(ShippingBadRequestError)
    expect(error).toMatchObject({
      codes: ["INVALID_ADDRESS"],
      transactionId: "T1",
    })
    expect(s.apiCalls()).toHaveLength(1)
  })

  it("stops after maxCreateAttempts creates, each with its own id", async () => {
    const s = service({
      create: [json(500, {}), json(500, {})],
      retry: [notCreated(), notCreated()],
    })
    let n = 1
    const error = await clientFor(s)
      .createShipment(shipment, {
        transactionId: "T1",
        maxCreateAttempts: 2,
        newTransactionId: () => `T${++n}`,
        onNewTransactionId: () => undefined,
      })
      .catch((e) => e)
    expect(error).toBeInstanceOf(ShippingServerError)
    expect(
      s
        .apiCalls()
        .filter(isCreate)
        .map((r) => r.headers.get("x-vendor-transactionid"))
    ).toEqual(["T1", "T2"])
  })

  it("throttled creates wait and repeat with the same id (the service did not take them)", async () => {
    const clock = fakeClock()
    const s = service({
      create: [
        json(429, undefined, { "retry-after": "2" }),
        json(200, created()),
      ],
    })
    const client = new ShippingClient(clientConfig(s.fetch, clock))
    await expect(
      client.createShipment(shipment, { transactionId: "T1" })
    ).resolves.toMatchObject({ transactionId: "T1" })
    expect(clock.sleeps).toEqual([2_000])
    expect(s.apiCalls().filter(isRetry)).toHaveLength(0)
  })

  it("maps carriers to their wire values at the edge and back in answers", async () => {
    const s = service({
      create: [json(500, {})],
      retry: [
        json(200, {
          ...created(),
          rates: [{ carrier: "USPS", serviceId: "PM" }],
        }),
      ],
    })
    const client = clientFor(s, { carrierCodes: { POSTAL: "USPS" } })
    const result = await client.createShipment(shipment, {
      transactionId: "T1",
    })
    expect(s.apiCalls()[0].json().rates[0].carrier).toBe("USPS")
    expect(s.apiCalls()[1].url.searchParams.get("carrier")).toBe("USPS")
    expect(result.shipment.rates?.[0].carrier).toBe("POSTAL")
  })
})

describe("other shipment operations (doc 4)", () => {
  function simple(handler: (req: FakeRequest) => FakeAnswer, over = {}) {
    const s = fakeService(withToken(handler))
    return { s, client: clientFor(s, over) }
  }

  it("retryShipment: 200 is the shipment, 404 is ShippingNotFoundError", async () => {
    const { client } = simple((req) =>
      req.url.searchParams.get("originalTransactionId") === "T1"
        ? json(200, created())
        : notCreated()
    )
    await expect(client.retryShipment("T1", "POSTAL")).resolves.toMatchObject({
      shipmentId: "S-1",
    })
    await expect(client.retryShipment("T2", "POSTAL")).rejects.toBeInstanceOf(
      ShippingNotFoundError
    )
    await expect(client.findShipment("T1", "POSTAL")).resolves.toMatchObject({
      shipmentId: "S-1",
    })
    await expect(client.findShipment("T2", "POSTAL")).resolves.toBeUndefined()
  })

  it("reprintShipment GETs /v1/shipments/{id}?carrier= and is not repeated after a 500", async () => {
    const { s, client } = simple(() => json(500, {}))
    await expect(
      client.reprintShipment("S 1", "XBORDER")
    ).rejects.toBeInstanceOf(ShippingServerError)
    expect(
      s.apiCalls().map((r) => `${r.method} ${r.url.pathname}${r.url.search}`)
    ).toEqual(["GET /shipping/v1/shipments/S%201?carrier=XBORDER"])
  })

  it("voidShipment DELETEs with cancelInitiator=SHIPPER, a new transaction id and the account header", async () => {
    const { s, client } = simple(
      () =>
        json(200, {
          carrier: "CARRIER_A",
          cancelInitiator: "SHIPPER",
          parcelTrackingNumber: "1Z",
          totalCarrierCharge: 9,
          status: "APPROVED",
        }),
      {
        shipper: { carrierAccountId: "ACCT-1" },
      }
    )
    const r = await client.voidShipment("S-1", {
      carrier: "CARRIER_A",
      transactionId: "V1",
    })
    expect(r).toMatchObject({
      alreadyVoided: false,
      status: "APPROVED",
      totalCarrierCharge: 9,
    })
    const call = s.apiCalls()[0]
    expect(`${call.method} ${call.url.pathname}${call.url.search}`).toBe(
      "DELETE /shipping/v1/shipments/S-1?carrier=CARRIER_A&cancelInitiator=SHIPPER"
    )
    expect(call.headers.get("x-vendor-transactionid")).toBe("V1")
    expect(call.headers.get("x-vendor-shipper-carrier-accountid")).toBe(
      "ACCT-1"
    )
  })

  it("voidShipment treats SHIPMENT_ALREADY_VOIDED (or words saying so) as done", async () => {
    const bodies = [
      {
        errors: [
          {
            errorCode: "SHIPMENT_ALREADY_VOIDED",
            errorDescription: "shipment S-1 is already voided",
          },
        ],
      },
      [{ errorCode: "E1", message: "Shipment has already been cancelled" }],
    ]
    for (const body of bodies) {
      clearTokenCache()
      const { client } = simple(() => json(400, body))
      await expect(
        client.voidShipment("S-1", { carrier: "POSTAL", transactionId: "V1" })
      ).resolves.toEqual({ alreadyVoided: true })
    }
    const { client } = simple(() =>
      json(400, {
        errors: [
          { errorCode: "VOID_WINDOW_EXPIRED", errorDescription: "too late" },
        ],
      })
    )
    await expect(
      client.voidShipment("S-1", { carrier: "POSTAL", transactionId: "V1" })
    ).rejects.toBeInstanceOf(ShippingBadRequestError)
  })

  it("voidShipment after a lost answer repeats, and the 'already voided' reply ends it as done", async () => {
    const answers: FakeAnswer[] = [
      "drop",
      json(400, {
        errors: [
          {
            errorCode: "SHIPMENT_ALREADY_VOIDED",
            errorDescription: "already voided",
          },
        ],
      }),
    ]
    const { s, client } = simple(() => answers.shift()!)
    await expect(
      client.voidShipment("S-1", { carrier: "POSTAL", transactionId: "V1" })
    ).resolves.toEqual({ alreadyVoided: true })
    expect(s.apiCalls()).toHaveLength(2)
  })

  it("getRates POSTs /v1/rates with includeDeliveryCommitment and reads one rate per service", async () => {
    const rates = baseRequest("expedited")
    delete rates.documents
    const { s, client } = simple(() =>
      json(200, {
        ...rates,
        rates: [
          { carrier: "POSTAL", serviceId: "PM", totalCarrierCharge: 8.1 },
          { carrier: "POSTAL", serviceId: "EMI", totalCarrierCharge: 30 },
        ],
      })
    )
    const r = await client.getRates(rates as never, {
      includeDeliveryCommitment: false,
    })
    expect(r.rates).toHaveLength(2)
    const call = s.apiCalls()[0]
    expect(`${call.method} ${call.url.pathname}${call.url.search}`).toBe(
      "POST /shipping/v1/rates?includeDeliveryCommitment=false"
    )
  })

  it("createManifest POSTs /v1/manifests with the transaction id and is not repeated after a 500", async () => {
    const manifest = {
      carrier: "POSTAL",
      submissionDate: "2026-01-15",
      parcelTrackingNumbers: ["9400"],
      parameters: [{ name: "SHIPPER_ID", value: "9024324" }],
    }
    const ok = simple(() =>
      json(200, {
        manifestId: "M1",
        manifestTrackingNumber: "MT1",
        documents: [
          { type: "MANIFEST", contentType: "URL", contents: "https://x" },
        ],
      })
    )
    await expect(
      ok.client.createManifest(manifest, { transactionId: "M-T1" })
    ).resolves.toMatchObject({ manifestId: "M1" })
    expect(ok.s.apiCalls()[0].headers.get("x-vendor-transactionid")).toBe(
      "M-T1"
    )

    clearTokenCache()
    const failing = simple(() => json(500, {}))
    await expect(
      failing.client.createManifest(manifest, { transactionId: "M-T2" })
    ).rejects.toBeInstanceOf(ShippingServerError)
    expect(failing.s.apiCalls()).toHaveLength(1)
  })
})
