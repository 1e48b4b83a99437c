import { PDFDocument } from "pdf-lib"
import { PNG } from "pngjs"
import type { SandboxHandle } from ".."
import {
  call,
  create,
  newTransactionId,
  request,
  sandbox,
  tokenFor,
} from "./helpers"

let sb: SandboxHandle
let token: string
beforeAll(async () => {
  sb = await sandbox()
  token = await tokenFor(sb)
})
afterAll(() => sb.close())

const DAY = 86_400

describe("create shipment (doc 2)", () => {
  it("creates each variant with ids in the carrier's format, charges and documents", async () => {
    const postal = await create(sb, token, "expedited")
    expect(postal.status).toBe(201)
    expect(postal.body.parcelTrackingNumber).toMatch(/^9400\d{18}$/)
    expect(postal.body.shipmentId).toMatch(/^PSTL\d{16}$/)
    const rate = postal.body.rates[0]
    expect(rate).toMatchObject({
      carrier: "POSTAL",
      serviceId: "PM",
      currencyCode: "USD",
    })
    expect(rate.totalCarrierCharge).toBeCloseTo(
      rate.baseCharge +
        rate.surcharges.reduce((a: number, s: any) => a + s.fee, 0) +
        rate.specialServices.reduce((a: number, s: any) => a + s.fee, 0),
      2
    )
    expect(rate.specialServices).toEqual([
      { specialServiceId: "DelCon", inputParameters: [], fee: 0 },
    ])

    const carrierA = await create(sb, token, "carrier-account")
    expect(carrierA.status).toBe(201)
    expect(carrierA.body.parcelTrackingNumber).toMatch(/^1Z[0-9A-Z]{16}$/)
    expect(carrierA.body.rates[0].surcharges.map((s: any) => s.name)).toContain(
      "FUEL"
    )

    const standard = await create(sb, token, "standard")
    expect(standard.status).toBe(201)
    expect(standard.body.parcelTrackingNumber).toMatch(/^9261\d{18}$/)
    expect(standard.body.rates[0].totalCarrierCharge).toBe(0) // doc 2: no charge at print
    expect(standard.body.shipmentOptions).toContainEqual({
      name: "PARCEL_TRACKING_BARCODEVALUE",
      value: `42073301${standard.body.parcelTrackingNumber}`,
    })

    const xb = await create(sb, token, "cross-border")
    expect(xb.status).toBe(201)
    expect(xb.body.parcelTrackingNumber).toMatch(/^LX\d{9}US$/)
    expect(xb.body.rates[0].deliveryCommitment).toMatchObject({
      minEstimatedNumberOfDays: "3",
      maxEstimatedNumberOfDays: "6",
    })
    expect(xb.body.parcel.valueOfGoods).toBe(30)
    expect(xb.body.rates[0].totalDutyAmount).toBe(1.5)
  })

  it("answers a real PNG label as Base64 pages", async () => {
    const res = await create(sb, token, "expedited")
    const doc = res.body.documents[0]
    expect(doc).toMatchObject({
      type: "SHIPPING_LABEL",
      fileFormat: "PNG",
      contentType: "BASE64",
      size: "DOC_4X6",
    })
    const png = PNG.sync.read(Buffer.from(doc.pages[0].contents, "base64"))
    expect([png.width, png.height]).toEqual([812, 1218]) // 4 × 6 in at 203 dpi
  })

  it("renders ZPL2 labels and GIF QR codes", async () => {
    const zpl = await create(
      sb,
      token,
      "standard",
      (r) =>
        (r.documents = [
          {
            type: "SHIPPING_LABEL",
            size: "DOC_4X6",
            fileFormat: "ZPL2",
            contentType: "BASE64",
          },
        ])
    )
    expect(zpl.status).toBe(201)
    const text = Buffer.from(
      zpl.body.documents[0].pages[0].contents,
      "base64"
    ).toString("latin1")
    expect(text.startsWith("^XA")).toBe(true)
    expect(text).toContain(zpl.body.parcelTrackingNumber)
    const qr = await create(
      sb,
      token,
      "expedited",
      (r) =>
        (r.documents = [
          { type: "QR_CODE", fileFormat: "GIF", contentType: "BASE64" },
        ])
    )
    expect(qr.status).toBe(201)
    expect(
      Buffer.from(qr.body.documents[0].pages[0].contents, "base64")
        .subarray(0, 6)
        .toString("latin1")
    ).toBe("GIF89a")
  })

  it("serves URL labels as real PDFs for 24 hours of sandbox time", async () => {
    const res = await create(sb, token, "carrier-account")
    const url: string = res.body.documents[0].contents
    expect(url.startsWith(`${sb.url}/labels/`)).toBe(true)
    const file = await fetch(url)
    expect(file.status).toBe(200)
    expect(file.headers.get("content-type")).toBe("application/pdf")
    const pdf = await PDFDocument.load(new Uint8Array(await file.arrayBuffer()))
    expect(pdf.getPageCount()).toBe(1)
    const { width, height } = pdf.getPage(0).getSize()
    expect([width, height]).toEqual([288, 432])
    sb.control.advance({ seconds: DAY + 1 })
    expect((await fetch(url)).status).toBe(410)
    expect((await fetch(`${sb.url}/labels/nope.pdf`)).status).toBe(404)
  })

  it("lists every violation in the standard error object, with rule ids and paths", async () => {
    const res = await create(sb, token, "expedited", (r) => {
      delete r.toAddress.postalCode
      r.rates[0].serviceId = "NOPE"
      r.documents[0].size = "DOC_9X9"
    })
    expect(res.status).toBe(400)
    expect(res.body.errors.length).toBeGreaterThanOrEqual(3)
    for (const e of res.body.errors) {
      expect(typeof e.errorCode).toBe("string")
      expect(typeof e.errorDescription).toBe("string")
      expect(Array.isArray(e.parameters)).toBe(true)
    }
    const params = res.body.errors.flatMap((e: any) => e.parameters)
    expect(params).toEqual(
      expect.arrayContaining([
        "toAddress.postalCode",
        "rates[0].serviceId",
        "documents[0].size",
      ])
    )
    expect(res.body.errors.map((e: any) => e.errorCode)).toContain(
      "rates.serviceId.known"
    )
  })

  it("answers the older bare-array error shape without X-Vendor-UnifiedErrorStructure", async () => {
    const body = request("expedited")
    delete body.parcel
    const res = await call(sb, token, "POST", "/v1/shipments", {
      body,
      headers: {
        "X-Vendor-UnifiedErrorStructure": "false",
        "X-Vendor-TransactionId": newTransactionId(),
      },
    })
    expect(res.status).toBe(400)
    expect(Array.isArray(res.body)).toBe(true)
    expect(res.body[0]).toEqual(
      expect.objectContaining({
        errorCode: expect.any(String),
        message: expect.any(String),
      })
    )
  })

  it("checks the transaction id header with the same rules as the client", async () => {
    const missing = await call(sb, token, "POST", "/v1/shipments", {
      body: request("expedited"),
    })
    expect(missing.status).toBe(400)
    expect(missing.body.errors[0].parameters[0]).toMatch(/TransactionId/i)
    const tooLong = await create(sb, token, "expedited", undefined, {
      "X-Vendor-TransactionId": "x".repeat(26),
    })
    expect(tooLong.status).toBe(400)
  })

  it("refuses a transaction id used twice and makes no second label", async () => {
    const id = newTransactionId("dup")
    const before = sb.control.stats()
    const first = await create(sb, token, "expedited", undefined, {
      "X-Vendor-TransactionId": id,
    })
    const second = await create(sb, token, "expedited", undefined, {
      "X-Vendor-TransactionId": id,
    })
    expect(first.status).toBe(201)
    expect(second.status).toBe(400)
    expect(second.body.errors[0]).toMatchObject({
      errorCode: "DUPLICATE_TRANSACTION_ID",
      parameters: ["X-Vendor-TransactionId"],
    })
    const after = sb.control.stats()
    expect(after.labelsCreated - before.labelsCreated).toBe(1)
    expect(after.duplicatesRefused - before.duplicatesRefused).toBe(1)
  })

  it("reports postal address verification and normalisation", async () => {
    const upper = await create(sb, token, "expedited", (r) => {
      r.toAddress = {
        ...r.toAddress,
        addressLines: ["233 S WACKER DR"],
        cityTown: "CHICAGO",
      }
    })
    expect(upper.body.toAddress).toMatchObject({
      status: "VALIDATED_AND_NOT_CHANGED",
      deliveryPoint: "33",
      carrierRoute: expect.stringMatching(/^C\d{3}$/),
    })
    const lower = await create(sb, token, "expedited")
    expect(lower.body.toAddress).toMatchObject({
      status: "VALIDATED_CHANGED",
      cityTown: "CHICAGO",
    })
    const minimal = await create(sb, token, "expedited", (r) =>
      r.shipmentOptions.push({
        name: "MINIMAL_ADDRESS_VALIDATION",
        value: "true",
      })
    )
    expect(minimal.body.toAddress.cityTown).toBe("Chicago")
    expect(minimal.body.toAddress.status).toBeUndefined()
  })

  it("prints no documents for cross-border solutions where the merchant prints the label", async () => {
    const res = await create(sb, token, "cross-border", (r) => {
      r.shipmentOptions = r.shipmentOptions.map((o: any) =>
        o.name === "DELIVERY_SOLUTION"
          ? { ...o, value: "DROPOFF_CLIENTLABEL" }
          : o
      )
      delete r.documents
      r.domesticShipmentDetails = {
        shipperTrackingNumber: "9400111899223859944112",
      }
    })
    expect(res.status).toBe(201)
    expect(res.body.documents).toEqual([])
  })

  it("serves Asia-Pacific standard delivery on the APAC root", async () => {
    const body = request("standard")
    body.fromAddress.residential = false
    const res = await call(
      sb,
      token,
      "POST",
      "/apac/v1/shipments?carrier=STANDARD",
      { body, headers: { "X-Vendor-TransactionId": newTransactionId() } }
    )
    expect(res.status).toBe(201)
    expect(res.body.parcelTrackingNumber).toMatch(/^9261/)
  })
})

describe("retry, reprint and void (doc 4)", () => {
  it("retry finds a shipment created in the last 24 hours, and only then", async () => {
    const id = newTransactionId("retry")
    const created = await create(sb, token, "expedited", undefined, {
      "X-Vendor-TransactionId": id,
    })
    const found = await call(
      sb,
      token,
      "GET",
      `/v1/shipments?originalTransactionId=${id}&carrier=POSTAL`
    )
    expect(found.status).toBe(200)
    expect(found.body.shipmentId).toBe(created.body.shipmentId)
    expect(found.body.documents[0].pages[0].contents).toBe(
      created.body.documents[0].pages[0].contents
    )
    const unknown = await call(
      sb,
      token,
      "GET",
      `/v1/shipments?originalTransactionId=never-${id}&carrier=POSTAL`
    )
    expect(unknown.status).toBe(404)
    expect(unknown.body.errors[0].errorCode).toBe("SHIPMENT_NOT_FOUND")
    sb.control.advance({ seconds: DAY + 60 })
    expect(
      (
        await call(
          sb,
          token,
          "GET",
          `/v1/shipments?originalTransactionId=${id}&carrier=POSTAL`
        )
      ).status
    ).toBe(404)
  })

  it("reprints at most 3 times", async () => {
    const created = await create(sb, token, "carrier-account")
    const path = `/v1/shipments/${created.body.shipmentId}?carrier=CARRIER_A`
    for (let i = 0; i < 3; i++) {
      const r = await call(sb, token, "GET", path)
      expect(r.status).toBe(200)
      expect(r.body.documents[0].contents).toMatch(/\/labels\//)
    }
    const fourth = await call(sb, token, "GET", path)
    expect(fourth.status).toBe(400)
    expect(fourth.body.errors[0].errorCode).toBe("REPRINT_LIMIT_EXCEEDED")
    expect(
      (
        await call(
          sb,
          token,
          "GET",
          `/v1/shipments/${created.body.shipmentId}?carrier=POSTAL`
        )
      ).status
    ).toBe(404)
  })

  const voidPath = (s: any, carrier: string) =>
    `/v1/shipments/${s.shipmentId}?carrier=${carrier}&cancelInitiator=SHIPPER`
  const voidIt = (s: any, carrier: string) =>
    call(sb, token, "DELETE", voidPath(s, carrier), {
      headers: { "X-Vendor-TransactionId": newTransactionId("void") },
    })

  it("voids postal labels within 30 days; a second void answers SHIPMENT_ALREADY_VOIDED", async () => {
    const a = (await create(sb, token, "expedited")).body
    const b = (await create(sb, token, "expedited")).body
    sb.control.advance({ seconds: 29 * DAY })
    const ok = await voidIt(a, "POSTAL")
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({
      carrier: "POSTAL",
      cancelInitiator: "SHIPPER",
      parcelTrackingNumber: a.parcelTrackingNumber,
      totalCarrierCharge: a.rates[0].totalCarrierCharge,
      status: "INITIATED",
    })
    const again = await voidIt(a, "POSTAL")
    expect(again.status).toBe(400)
    expect(again.body.errors[0].errorCode).toBe("SHIPMENT_ALREADY_VOIDED")
    sb.control.advance({ seconds: 2 * DAY })
    const late = await voidIt(b, "POSTAL")
    expect(late.status).toBe(400)
    expect(late.body.errors[0].errorCode).toBe("VOID_WINDOW_EXPIRED")
  })

  it("voids cross-border labels within 25 days", async () => {
    const a = (await create(sb, token, "cross-border")).body
    const b = (await create(sb, token, "cross-border")).body
    sb.control.advance({ seconds: 24 * DAY })
    expect((await voidIt(a, "XBORDER")).body.status).toBe("APPROVED")
    sb.control.advance({ seconds: 2 * DAY })
    expect((await voidIt(b, "XBORDER")).body.errors[0].errorCode).toBe(
      "VOID_WINDOW_EXPIRED"
    )
  })

  it("never voids return labels or first-class letters", async () => {
    const ret = (
      await create(sb, token, "expedited", (r) => (r.shipmentType = "RETURN"))
    ).body
    expect(ret.shipmentId).toBeDefined()
    expect((await voidIt(ret, "POSTAL")).body.errors[0].errorCode).toBe(
      "VOID_NOT_ALLOWED"
    )
    const letter = await create(sb, token, "expedited", (r) => {
      r.rates[0] = {
        carrier: "POSTAL",
        serviceId: "PM",
        parcelType: "LETTER",
        specialServices: [{ specialServiceId: "DelCon", inputParameters: [] }],
      }
      r.parcel = { weight: { weight: 2, unitOfMeasurement: "OZ" } }
    })
    expect(letter.status).toBe(201)
    expect((await voidIt(letter.body, "POSTAL")).body.errors[0].errorCode).toBe(
      "VOID_NOT_ALLOWED"
    )
  })

  it("requires the void's query and transaction id", async () => {
    const a = (await create(sb, token, "expedited")).body
    const res = await call(
      sb,
      token,
      "DELETE",
      `/v1/shipments/${a.shipmentId}?carrier=POSTAL&cancelInitiator=CARRIER`
    )
    expect(res.status).toBe(400)
    expect(res.body.errors.length).toBeGreaterThanOrEqual(2)
  })
})

describe("rates (doc 4)", () => {
  it("rates one service, or every service of the carrier when serviceId is omitted", async () => {
    const body = request("expedited")
    delete body.documents
    const one = await call(
      sb,
      token,
      "POST",
      "/v1/rates?includeDeliveryCommitment=false",
      { body }
    )
    expect(one.status).toBe(200)
    expect(one.body.rates).toHaveLength(1)
    delete body.rates[0].serviceId
    const all = await call(
      sb,
      token,
      "POST",
      "/v1/rates?includeDeliveryCommitment=true",
      { body }
    )
    expect(all.status).toBe(200)
    expect(all.body.rates.map((r: any) => r.serviceId)).toEqual([
      "PM",
      "EM",
      "UGA",
      "PS",
    ])
    for (const r of all.body.rates)
      expect(r.deliveryCommitment.maxEstimatedNumberOfDays).toMatch(/^\d+$/)

    const std = request("standard")
    delete std.documents
    const priced = await call(
      sb,
      token,
      "POST",
      "/v1/rates?includeDeliveryCommitment=false",
      { body: std }
    )
    expect(priced.body.rates[0].totalCarrierCharge).toBeGreaterThan(0)
  })

  it("validates with the rates rules", async () => {
    const body = request("expedited")
    delete body.documents
    body.shipmentOptions = []
    const res = await call(
      sb,
      token,
      "POST",
      "/v1/rates?includeDeliveryCommitment=false",
      { body }
    )
    expect(res.status).toBe(400)
    expect(res.body.errors.map((e: any) => e.errorCode)).toContain(
      "shipment-options.SHIPPER_ID.required"
    )
  })
})

describe("manifest (doc 4)", () => {
  it("makes a real PDF scan form of ADD_TO_MANIFEST shipments", async () => {
    const addToManifest = (r: any) =>
      r.shipmentOptions.push({ name: "ADD_TO_MANIFEST", value: "true" })
    const a = (await create(sb, token, "expedited", addToManifest)).body
    const b = (await create(sb, token, "expedited", addToManifest)).body
    const res = await call(sb, token, "POST", "/v1/manifests", {
      headers: { "X-Vendor-TransactionId": newTransactionId("mf") },
      body: {
        carrier: "POSTAL",
        submissionDate: "2026-03-02",
        parcelTrackingNumbers: [a.parcelTrackingNumber, b.parcelTrackingNumber],
        parameters: [{ name: "SHIPPER_ID", value: "9024324" }],
      },
    })
    expect(res.status).toBe(200)
    expect(res.body.manifestId).toMatch(/^MNF/)
    expect(res.body.manifestTrackingNumber).toMatch(/^9475\d{18}$/)
    expect(res.body.documents).toEqual([
      {
        type: "MANIFEST",
        contentType: "URL",
        contents: expect.stringContaining("/manifests/"),
      },
    ])
    const pdf = await fetch(res.body.documents[0].contents)
    expect(pdf.headers.get("content-type")).toBe("application/pdf")
    const doc = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()))
    expect(doc.getTitle()).toBe(`Scan form ${res.body.manifestTrackingNumber}`)
  })

  it("names every unknown or ineligible tracking number", async () => {
    const notFlagged = (await create(sb, token, "expedited")).body
    const res = await call(sb, token, "POST", "/v1/manifests", {
      headers: { "X-Vendor-TransactionId": newTransactionId("mf") },
      body: {
        carrier: "POSTAL",
        submissionDate: "2026-03-02",
        parcelTrackingNumbers: [
          "9400000000000000000000",
          notFlagged.parcelTrackingNumber,
        ],
        parameters: [{ name: "SHIPPER_ID", value: "9024324" }],
      },
    })
    expect(res.status).toBe(400)
    expect(
      res.body.errors.map((e: any) => [e.errorCode, e.parameters[0]])
    ).toEqual([
      ["TRACKING_NUMBER_NOT_FOUND", "parcelTrackingNumbers[0]"],
      ["NOT_ELIGIBLE_FOR_MANIFEST", "parcelTrackingNumbers[1]"],
    ])
    expect(res.body.errors[1].errorDescription).toContain(
      notFlagged.parcelTrackingNumber
    )
  })
})
