import { ShippingClient } from "../../../../src/shipping-api"
import type { CarrierCodes } from "../../../../src/shipping-api/rules"
import type { SandboxHandle } from ".."
import {
  call,
  receiver,
  request,
  sandbox,
  tokenFor,
  webhookBody,
  newTransactionId,
} from "./helpers"

/**
 * A merchant whose service uses its own carrier codes (the plugin's `carrierCodes` option) is
 * served by its own sandbox: requests in those codes pass the same rules, and every carrier it
 * is answered or notified with is one of them.
 */
const CODES: CarrierCodes = { POSTAL: "USPS", STANDARD: "NGS", XBORDER: "PBI" }
const account = {
  apiKey: "coded-key",
  apiSecret: "coded-secret",
  carrierCodes: CODES,
}

let sb: SandboxHandle
let client: ShippingClient
beforeEach(async () => {
  sb = await sandbox({ accounts: [account] })
  client = new ShippingClient({
    roots: sb.roots,
    credentials: { apiKey: account.apiKey, apiSecret: account.apiSecret },
    timeoutMs: 15_000, // generous: a loaded machine, not a slow service
    concurrency: 4,
    maxAttempts: 2,
    carrierCodes: CODES,
  })
})
afterEach(() => sb.close())

describe("an account with its own carrier codes", () => {
  it("creates, tracks, reprints and voids standard and cross-border parcels through the plugin's client", async () => {
    const standard = await client.createShipment(request("standard"), {
      transactionId: newTransactionId(),
    })
    expect(standard.shipment.rates?.[0]?.carrier).toBe("STANDARD") // answered as NGS, read back as neutral
    const tn = standard.shipment.parcelTrackingNumber!
    sb.control.advance({ until: "done" })
    // The client sends carrier=NGS (the wire code of STANDARD); the sandbox expects exactly that.
    const tracked = await client.getTracking(tn, { parcelCarrier: "STANDARD" })
    expect(tracked.status).toBe("Delivered")
    expect(tracked.carrier).toBe("STANDARD")

    const xb = await client.createShipment(request("cross-border"), {
      transactionId: newTransactionId(),
      includeDeliveryCommitment: true,
    })
    expect(
      await client.reprintShipment(xb.shipment.shipmentId, "XBORDER")
    ).toMatchObject({ shipmentId: xb.shipment.shipmentId })
    expect(
      await client.findShipment(xb.transactionId, "XBORDER")
    ).toMatchObject({ shipmentId: xb.shipment.shipmentId })
    expect(
      await client.voidShipment(xb.shipment.shipmentId, {
        carrier: "XBORDER",
        transactionId: newTransactionId(),
      })
    ).toMatchObject({
      alreadyVoided: false,
      carrier: "XBORDER",
    })
  })

  it("answers in the account's codes and refuses the neutral ids it has replaced", async () => {
    const token = await tokenFor(sb, account.apiKey, account.apiSecret)
    const body = request("standard")
    body.rates[0].carrier = "NGS"
    const created = await call(sb, token, "POST", "/v1/shipments", {
      body,
      headers: { "X-Vendor-TransactionId": newTransactionId() },
    })
    expect(created.status).toBe(201)
    expect(created.body.rates[0].carrier).toBe("NGS")
    const tn = created.body.parcelTrackingNumber

    const neutral = await call(
      sb,
      token,
      "GET",
      `/v1/tracking/${tn}?packageIdentifierType=TrackingNumber&carrier=STANDARD`
    )
    expect(neutral.status).toBe(400)
    expect(neutral.body.errors).toEqual([
      expect.objectContaining({
        errorCode: "tracking.query.carrier",
        errorDescription: "must be NGS for a standard delivery parcel",
      }),
    ])
    const coded = await call(
      sb,
      token,
      "GET",
      `/v1/tracking/${tn}?packageIdentifierType=TrackingNumber&carrier=NGS`
    )
    expect(coded.status).toBe(200)
    expect(coded.body.carrier).toBe("NGS")

    const unmapped = request("standard") // rates[0].carrier STANDARD, which this account calls NGS
    const refused = await call(sb, token, "POST", "/v1/shipments", {
      body: unmapped,
      headers: { "X-Vendor-TransactionId": newTransactionId() },
    })
    expect(refused.status).toBe(400)
    expect(
      refused.body.errors.map((e: { errorCode: string }) => e.errorCode)
    ).toEqual(["rates.carrier.known"])
  })

  it("notifies in the account's codes", async () => {
    const rcv = await receiver()
    try {
      await client.createWebhookConfig(webhookBody(rcv.url) as never)
      await client.createShipment(request("standard"), {
        transactionId: newTransactionId(),
      })
      sb.control.advance({ until: "done" })
      await sb.control.settleWebhooks(5_000)
      const carriers = new Set(
        rcv.received.flatMap((r) =>
          (r.body as { carrier: string }[]).map((n) => n.carrier)
        )
      )
      expect([...carriers]).toEqual(["NGS"])
    } finally {
      await rcv.close()
    }
  })
})

describe("the service's state rules (src/shipping-api/rules/service-state.ts)", () => {
  it("answer with their codes: duplicate transaction id, reprint limit", async () => {
    const token = await tokenFor(sb, account.apiKey, account.apiSecret)
    const body = request("expedited")
    body.rates[0].carrier = "USPS"
    const headers = { "X-Vendor-TransactionId": newTransactionId() }
    const first = await call(sb, token, "POST", "/v1/shipments", {
      body,
      headers,
    })
    const again = await call(sb, token, "POST", "/v1/shipments", {
      body,
      headers,
    })
    expect(again.body.errors[0]).toMatchObject({
      errorCode: "DUPLICATE_TRANSACTION_ID",
      additionalInfo: "doc 2, POST /v1/shipments headers",
    })
    const reprint = () =>
      call(
        sb,
        token,
        "GET",
        `/v1/shipments/${first.body.shipmentId}?carrier=USPS`
      )
    for (let i = 0; i < 3; i++) expect((await reprint()).status).toBe(200)
    expect((await reprint()).body.errors[0]).toMatchObject({
      errorCode: "REPRINT_LIMIT_EXCEEDED",
    })
  })
})
