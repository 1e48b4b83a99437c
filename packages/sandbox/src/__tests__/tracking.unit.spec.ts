import { trackingResponseSchema } from "../../../../src/shipping-api/schemas/tracking"
import type { SandboxHandle } from ".."
import { call, create, sandbox, tokenFor } from "./helpers"

let sb: SandboxHandle
let token: string
beforeAll(async () => {
  sb = await sandbox()
  token = await tokenFor(sb)
})
afterAll(() => sb.close())

const EVENT_FIELDS = [
  "standardizedEventCode",
  "standardizedEventDescription",
  "l1Code",
  "l1Description",
  "eventDate",
  "eventTime",
  "eventTimeOffset",
  "trackingUrl",
  "latitude",
  "longitude",
  "locationUnit",
  "eventLeg",
  "eventType",
  "authorizedAgent",
  "scanType",
  "scanDescription",
  "eventDescription",
  "packageStatus",
  "l2Description",
  "eventCity",
  "eventStateOrProvince",
  "postalCode",
  "country",
]
const RESPONSE_FIELDS = [
  "packageCount",
  "reattemptDate",
  "reattemptTime",
  "signedBy",
  "senderAddress",
  "requestedIdentifier",
  "clientId",
  "trackingNumber",
  "referenceNumber",
  "smartLabelBarcode",
  "carrier",
  "serviceName",
  "serviceCode",
  "estimatedDeliveryDate",
  "estimatedDeliveryTime",
  "estimatedDeliveryTimeOffset",
  "weight",
  "weightUOM",
  "dimension",
  "deliveryDate",
  "deliveryTime",
  "deliveryTimeOffset",
  "deliveryProofUrl",
  "shipDate",
  "shipTime",
  "shipTimeOffset",
  "destinationAddress",
  "deliveryLocation",
  "deliveryLocationDescription",
  "scanDetailsList",
  "currentStatus",
  "status",
  "updatedDate",
  "updatedTime",
  "lastPackageStatusLocation",
]

const track = (tn: string, query = "packageIdentifierType=TrackingNumber") =>
  call(sb, token, "GET", `/v1/tracking/${tn}?${query}`)

describe("tracking (doc 3)", () => {
  it("moves along the timeline; status, currentStatus and the newest scan always agree", async () => {
    const tn = (await create(sb, token, "expedited")).body.parcelTrackingNumber
    const seen: string[] = []
    for (;;) {
      const res = await track(tn)
      expect(res.status).toBe(200)
      const t = res.body
      expect(Object.keys(t)).toEqual(expect.arrayContaining(RESPONSE_FIELDS))
      expect(trackingResponseSchema.safeParse(t).success).toBe(true)
      expect(t.status).toBe(t.currentStatus.packageStatus)
      expect(t.scanDetailsList[0]).toEqual(t.currentStatus)
      for (const e of t.scanDetailsList) {
        expect(Object.keys(e).sort()).toEqual([...EVENT_FIELDS].sort())
        for (const f of EVENT_FIELDS) expect(typeof e[f]).toBe("string")
        expect(e.eventTimeOffset).toBe("-06:00") // destination Chicago
        expect(e.eventDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
        expect(e.eventTime).toMatch(/^\d{2}:\d{2}:\d{2}$/)
      }
      // newest first
      const instants = t.scanDetailsList.map(
        (e: any) => `${e.eventDate}T${e.eventTime}`
      )
      expect([...instants].sort().reverse()).toEqual(instants)
      seen.push(t.status)
      if (sb.control.advance({ until: "next" }).emitted === 0) break
    }
    expect(seen).toEqual([
      "Manifest",
      "Acceptance",
      "InTransit",
      "InTransit",
      "OutForDelivery",
      "Delivered",
    ])
    const done = (await track(tn)).body
    expect(done.currentStatus).toMatchObject({
      standardizedEventCode: "DLD",
      l1Code: "DLD",
      packageStatus: "Delivered",
      eventCity: "CHICAGO",
      country: "US",
    })
    expect(done.deliveryDate).toBe(done.currentStatus.eventDate)
    expect(done.signedBy).toBe("C BUYER")
    expect(done.scanDetailsList).toHaveLength(6)
    expect((await fetch(done.currentStatus.trackingUrl)).status).toBe(200)
  })

  it("answers 404 for unknown numbers and 400 without packageIdentifierType", async () => {
    const unknown = await track("9400999999999999999999")
    expect(unknown.status).toBe(404)
    expect(unknown.body.errors[0].errorCode).toBe("TRACKING_NUMBER_NOT_FOUND")
    const tn = (await create(sb, token, "expedited")).body.parcelTrackingNumber
    const bad = await track(tn, "")
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].parameters).toEqual([
      "query.packageIdentifierType",
    ])
  })

  it("requires carrier for standard delivery", async () => {
    const tn = (await create(sb, token, "standard")).body.parcelTrackingNumber
    expect((await track(tn)).status).toBe(400)
    const ok = await track(
      tn,
      "packageIdentifierType=TrackingNumber&carrier=STANDARD"
    )
    expect(ok.status).toBe(200)
    expect(ok.body.smartLabelBarcode).toBe(`42073301${tn}`)
  })

  it("picks scenarios by header, by control default and per tracking number", async () => {
    const statuses = async (tn: string, query?: string) => {
      sb.control.advance({ until: "done" })
      return (await track(tn, query)).body.scanDetailsList
        .map((e: any) => e.packageStatus)
        .reverse()
    }
    const attempt = (
      await create(sb, token, "expedited", undefined, {
        "X-Sandbox-Scenario": "attempt",
      })
    ).body.parcelTrackingNumber
    expect(await statuses(attempt)).toEqual([
      "Manifest",
      "Acceptance",
      "InTransit",
      "InTransit",
      "OutForDelivery",
      "DeliveryAttempt",
      "OutForDelivery",
      "Delivered",
    ])

    sb.control.setDefaultScenario("return")
    const ret = (await create(sb, token, "expedited")).body.parcelTrackingNumber
    sb.control.setDefaultScenario("delivered")
    expect((await statuses(ret)).slice(-1)).toEqual(["ReturnToSender"])

    const later = (await create(sb, token, "expedited")).body
      .parcelTrackingNumber
    sb.control.setScenario(later, "stuck")
    expect(await statuses(later)).toEqual(["Manifest"])

    const bad = await create(sb, token, "expedited", undefined, {
      "X-Sandbox-Scenario": "nope",
    })
    expect(bad.status).toBe(400)
  })

  it("shows the reattempt while a delivery attempt is the latest event", async () => {
    const tn = (
      await create(sb, token, "expedited", undefined, {
        "X-Sandbox-Scenario": "attempt",
      })
    ).body.parcelTrackingNumber
    let t = (await track(tn)).body
    while (t.status !== "DeliveryAttempt") {
      sb.control.advance({ until: "next" })
      t = (await track(tn)).body
    }
    expect(t.reattemptDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(t.reattemptTime).toMatch(/^\d{2}:\d{2}:\d{2}$/)
  })

  it("stops a voided shipment's timeline", async () => {
    const s = (await create(sb, token, "expedited")).body
    sb.control.advance({ seconds: 5 * 3600 })
    await call(
      sb,
      token,
      "DELETE",
      `/v1/shipments/${s.shipmentId}?carrier=POSTAL&cancelInitiator=SHIPPER`,
      { headers: { "X-Vendor-TransactionId": "void-tl" } }
    )
    sb.control.advance({ until: "done" })
    expect((await track(s.parcelTrackingNumber)).body.status).toBe("Acceptance")
  })
})
