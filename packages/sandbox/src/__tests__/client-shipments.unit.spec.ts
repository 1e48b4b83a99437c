import { PNG } from "pngjs"
import {
  ShippingBadRequestError,
  ShippingClient,
  ShippingNotFoundError,
  ShippingServerError,
} from "../../../../src/shipping-api"
import type { Variant } from "../../../../src/shipping-api/constants"
import type { SandboxHandle } from ".."
import { clientFor, newTransactionId, request, sandbox } from "./helpers"

/** The plugin's client against the sandbox for doc 2 and doc 4: every operation and the create recovery. */
let sb: SandboxHandle
let client: ShippingClient
beforeEach(async () => {
  sb = await sandbox()
  client = clientFor(sb)
})
afterEach(() => sb.close())

const createOf = (variant: Variant, options: Record<string, unknown> = {}) =>
  client.createShipment(request(variant), {
    transactionId: newTransactionId("c"),
    ...options,
  })

describe("ShippingClient shipment operations against the sandbox", () => {
  it("creates all four variants (cross-border with its query, APAC through apacUrl)", async () => {
    for (const variant of [
      "carrier-account",
      "expedited",
      "standard",
      "cross-border",
    ] as const) {
      const { shipment, recovered } = await createOf(variant)
      expect(recovered).toBe(false)
      expect(shipment.shipmentId).toBeTruthy()
      expect(shipment.parcelTrackingNumber).toBeTruthy()
      expect(shipment.rates?.[0]?.totalCarrierCharge).toEqual(
        expect.any(Number)
      )
    }
    const png = (await createOf("expedited")).shipment.documents![0]!.pages![0]!
      .contents!
    expect(PNG.sync.read(Buffer.from(png, "base64")).width).toBe(812)
    const apac = request("standard")
    apac.fromAddress.residential = false
    const viaApac = await client.createShipment(apac, {
      transactionId: newTransactionId("apac"),
      apac: true,
      regionalCarrier: "STANDARD",
    })
    expect(viaApac.shipment.parcelTrackingNumber).toMatch(/^9261/)
    expect(sb.control.stats().requests.createShipment).toBe(6)
  })

  it("retry, reprint (3 at most) and void (already voided counts as done)", async () => {
    const id = newTransactionId("r")
    const { shipment } = await client.createShipment(request("expedited"), {
      transactionId: id,
    })
    expect((await client.retryShipment(id, "POSTAL")).shipmentId).toBe(
      shipment.shipmentId
    )
    await expect(
      client.retryShipment("never-used", "POSTAL")
    ).rejects.toBeInstanceOf(ShippingNotFoundError)
    for (let i = 0; i < 3; i++)
      expect(
        (await client.reprintShipment(shipment.shipmentId, "POSTAL")).documents
      ).toHaveLength(1)
    const fourth = await client
      .reprintShipment(shipment.shipmentId, "POSTAL")
      .catch((e) => e)
    expect(fourth).toBeInstanceOf(ShippingBadRequestError)
    expect(fourth.codes).toEqual(["REPRINT_LIMIT_EXCEEDED"])
    const voided = await client.voidShipment(shipment.shipmentId, {
      carrier: "POSTAL",
      transactionId: newTransactionId("v"),
    })
    expect(voided).toMatchObject({
      alreadyVoided: false,
      status: "INITIATED",
      parcelTrackingNumber: shipment.parcelTrackingNumber,
    })
    expect(
      await client.voidShipment(shipment.shipmentId, {
        carrier: "POSTAL",
        transactionId: newTransactionId("v"),
      })
    ).toEqual({ alreadyVoided: true })
  })

  it("rates and manifest", async () => {
    const body = request("expedited")
    delete body.rates[0].serviceId
    delete body.documents
    const rates = await client.getRates(body, {
      includeDeliveryCommitment: true,
    })
    expect(rates.rates?.map((r) => r.serviceId)).toEqual([
      "PM",
      "EM",
      "UGA",
      "PS",
    ])
    const flagged = request("expedited")
    flagged.shipmentOptions.push({ name: "ADD_TO_MANIFEST", value: "true" })
    const { shipment } = await client.createShipment(flagged, {
      transactionId: newTransactionId("m"),
    })
    const manifest = await client.createManifest(
      {
        carrier: "POSTAL",
        submissionDate: "2026-03-02",
        parcelTrackingNumbers: [shipment.parcelTrackingNumber!],
        parameters: [{ name: "SHIPPER_ID", value: "9024324" }],
      },
      { transactionId: newTransactionId("m") }
    )
    expect(manifest.documents?.[0]?.type).toBe("MANIFEST")
    expect(
      (await fetch(manifest.documents![0]!.contents!)).headers.get(
        "content-type"
      )
    ).toBe("application/pdf")
  })

  it("a transaction id used twice is refused with DUPLICATE_TRANSACTION_ID, and no second label is made", async () => {
    const id = newTransactionId("dup")
    await client.createShipment(request("expedited"), { transactionId: id })
    const again = await client
      .createShipment(request("expedited"), { transactionId: id })
      .catch((e) => e)
    expect(again).toBeInstanceOf(ShippingBadRequestError)
    expect(again.codes).toEqual(["DUPLICATE_TRANSACTION_ID"])
    expect(sb.control.stats()).toMatchObject({
      labelsCreated: 1,
      duplicatesRefused: 1,
    })
  })
})

describe("doc 2 rule 4 recovery against injected faults", () => {
  it("500 after the label was made: the retry operation recovers it, no second label", async () => {
    sb.control.injectFault("createShipment", "500")
    const result = await createOf("expedited")
    expect(result.recovered).toBe(true)
    expect(sb.control.stats()).toMatchObject({
      labelsCreated: 1,
      requests: { createShipment: 1, retryShipment: 1 },
    })
  })

  it("500 before anything: 404 from retry, then a new stored transaction id and a second create", async () => {
    sb.control.injectFault("createShipment", "500-before")
    const stored: string[] = []
    const first = newTransactionId("first")
    const result = await client.createShipment(request("expedited"), {
      transactionId: first,
      onNewTransactionId: (id) => void stored.push(id),
    })
    expect(result.recovered).toBe(false)
    expect(stored).toEqual([result.transactionId])
    expect(result.transactionId).not.toBe(first)
    expect(sb.control.stats()).toMatchObject({
      labelsCreated: 1,
      requests: { createShipment: 2, retryShipment: 1 },
    })
  })

  it("without a way to store a new id the create error is thrown (nothing was created)", async () => {
    sb.control.injectFault("createShipment", "500-before")
    await expect(createOf("expedited")).rejects.toBeInstanceOf(
      ShippingServerError
    )
  })

  it("timeout (hang) and dropped connection: the label is found through the retry operation", async () => {
    const quick = clientFor(sb, { timeoutMs: 300 })
    sb.control.injectFault("createShipment", "hang")
    expect(
      (
        await quick.createShipment(request("expedited"), {
          transactionId: newTransactionId("h"),
        })
      ).recovered
    ).toBe(true)
    sb.control.injectFault("createShipment", "drop")
    expect(
      (
        await quick.createShipment(request("expedited"), {
          transactionId: newTransactionId("d"),
        })
      ).recovered
    ).toBe(true)
    expect(sb.control.stats().labelsCreated).toBe(2)
  })

  it("429 is waited out (Retry-After) and the same create posted again", async () => {
    sb.control.injectFault("createShipment", "429=1")
    const t0 = Date.now()
    const result = await createOf("expedited")
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900)
    expect(result.recovered).toBe(false)
    expect(sb.control.stats()).toMatchObject({
      labelsCreated: 1,
      requests: { createShipment: 2 },
    })
  })

  it("expired tokens are renewed once mid-flow", async () => {
    await createOf("expedited")
    sb.control.injectFault("createShipment", "expire-tokens")
    expect((await createOf("expedited")).recovered).toBe(false)
    expect(sb.control.stats().requests.token).toBe(2)
  })

  it("never more than the client's concurrency of creates in flight", async () => {
    // Long enough that the eighth create is sent before the first answers on a loaded machine:
    // at 100 ms, then at 400 ms (a load of 17 on two cores), the first answered before the eighth left.
    sb.control.setLatency("createShipment", 2_000)
    const results = await Promise.all(
      Array.from({ length: 16 }, () => createOf("expedited"))
    )
    expect(results).toHaveLength(16)
    expect(sb.control.stats().peakCreatesInFlight).toBe(8)
  }, 60_000)
})
