import { readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { validateShipmentRequest } from "../../rules"
import {
  buildCreateShipment,
  buildManifest,
  buildRates,
  buildReprintShipment,
  buildRetryShipment,
  buildVoidShipment,
  parseManifestResponse,
  parseRatesResponse,
  parseShipmentResponse,
  parseVoidResponse,
  requireBuilt,
  ShipmentRequestInvalid,
  type Built,
} from "../shipments"

const FIXTURES = path.resolve(__dirname, "../../__fixtures__/shipments")
const fixture = (name: string) =>
  JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), "utf8"))

/** Compares with the committed golden file; `UPDATE_GOLDEN=1` rewrites it. */
function expectGolden(name: string, built: Built) {
  const file = path.join(FIXTURES, "requests", `${name}.json`)
  const actual = JSON.parse(JSON.stringify(built))
  if (process.env.UPDATE_GOLDEN === "1")
    writeFileSync(file, `${JSON.stringify(actual, null, 2)}\n`)
  expect(actual).toEqual(JSON.parse(readFileSync(file, "utf8")))
}

const VARIANT_FIXTURES = {
  "expedited-domestic": { variant: "expedited", query: {} },
  "carrier-account-puerto-rico": { variant: "carrier-account", query: {} },
  "standard-facilities-references": { variant: "standard", query: {} },
  "cross-border-dropoff-standard-label": {
    variant: "cross-border",
    query: { carrier: "XBORDER", includeDeliveryCommitment: "true" },
  },
} as const

describe("golden shipment requests (__fixtures__/shipments)", () => {
  it.each(Object.entries(VARIANT_FIXTURES))(
    "%s is a valid request",
    (name, { variant, query }) => {
      const result = validateShipmentRequest(fixture(name), { query })
      expect(result.ok ? [] : result.violations).toEqual([])
      expect(result).toMatchObject({ ok: true, variant })
    }
  )
})

describe("create shipment", () => {
  const shipper = {
    carrierAccountId: "ACCT-1",
    ratePlan: "PLAN-9",
    integratorCarrierId: "INT-3",
    acceptLanguage: "en-US",
  }

  it.each(Object.keys(VARIANT_FIXTURES))("builds %s", (name) => {
    expectGolden(
      `create-${name}`,
      buildCreateShipment({
        shipment: fixture(name),
        transactionId: `tx-${name}`.slice(0, 25),
        ...shipper,
      })
    )
  })

  it("sends includeDeliveryCommitment for expedited only when asked", () => {
    const built = requireBuilt(
      buildCreateShipment({
        shipment: fixture("expedited-domestic"),
        transactionId: "t1",
        includeDeliveryCommitment: true,
      })
    )
    expect(built.query).toEqual({ includeDeliveryCommitment: "true" })
    expect(
      requireBuilt(
        buildCreateShipment({
          shipment: fixture("expedited-domestic"),
          transactionId: "t1",
        })
      ).query
    ).toEqual({})
  })

  it("sends Asia-Pacific standard delivery to the apac root with the regional carrier", () => {
    const shipment = fixture("standard-facilities-references")
    const built = requireBuilt(
      buildCreateShipment({
        shipment,
        transactionId: "t1",
        apac: true,
        regionalCarrier: "APAC_STD",
      })
    )
    expect(built).toMatchObject({
      root: "apac",
      query: { carrier: "APAC_STD" },
    })
    const refused = buildCreateShipment({
      shipment,
      transactionId: "t1",
      apac: true,
    })
    expect(refused.ok ? [] : refused.violations.map((v) => v.rule)).toEqual([
      "query.carrier.apac",
    ])
  })

  it("accepts wire carrier codes and sends neutral ids (the client maps them)", () => {
    const shipment = fixture("cross-border-dropoff-standard-label")
    shipment.rates[0].carrier = "PBI"
    const built = requireBuilt(
      buildCreateShipment({
        shipment,
        transactionId: "t1",
        carrierCodes: { XBORDER: "PBI" },
      })
    )
    expect(
      (built.body as { rates: { carrier: string }[] }).rates[0].carrier
    ).toBe("XBORDER")
    expect(built.query).toMatchObject({ carrier: "XBORDER" })
  })

  it("produces no request for an invalid shipment and reports every violation at once", () => {
    const shipment = fixture("cross-border-dropoff-standard-label")
    shipment.customs.customsItems[0].description = "x".repeat(300)
    delete shipment.customs.customsItems[1].itemId
    shipment.shipmentOptions = shipment.shipmentOptions.filter(
      (o: { name: string }) => o.name !== "SHIPPER_ID"
    )
    const built = buildCreateShipment({ shipment, transactionId: "not valid!" })
    expect(built.ok).toBe(false)
    expect(
      built.ok ? [] : built.violations.map((v) => `${v.path} ${v.rule}`)
    ).toEqual([
      "headers.X-Vendor-TransactionId header.X-Vendor-TransactionId.format",
      "customs.customsItems[0].description customs-item.description.max-length",
      "shipmentOptions[name=SHIPPER_ID] shipment-options.SHIPPER_ID.required",
      "customs.customsItems[1].itemId customs-item.itemId.cross-border-required",
    ])
    expect(() => requireBuilt(built)).toThrow(ShipmentRequestInvalid)
  })
})

describe("other shipment operations", () => {
  it("builds rates for cross-border without documents", () => {
    const built = buildRates({
      shipment: fixture("cross-border-dropoff-standard-label"),
      includeDeliveryCommitment: false,
    })
    expectGolden("rates-cross-border", built)
    expect(requireBuilt(built).body).not.toHaveProperty("documents")
  })

  it("rates every service when serviceId is omitted", () => {
    const shipment = fixture("expedited-domestic")
    delete shipment.rates[0].serviceId
    expect(
      requireBuilt(buildRates({ shipment, ratePlan: "PLAN-9" }))
    ).toMatchObject({
      path: "/v1/rates",
      query: { includeDeliveryCommitment: "false" },
      headers: { "X-Vendor-Shipper-Rate-Plan": "PLAN-9" },
    })
  })

  it("builds retry, reprint and void", () => {
    expectGolden(
      "retry",
      buildRetryShipment({
        originalTransactionId: "tx-expedited-domestic",
        carrier: "POSTAL",
      })
    )
    expectGolden(
      "reprint",
      buildReprintShipment({
        shipmentId: "USPS2200080642743578",
        carrier: "POSTAL",
      })
    )
    expectGolden(
      "void-carrier-account",
      buildVoidShipment({
        shipmentId: "1Z 999/AA1",
        carrier: "CARRIER_A",
        transactionId: "void-1",
        carrierAccountId: "ACCT-1",
      })
    )
    expect(
      requireBuilt(
        buildVoidShipment({
          shipmentId: "S1",
          carrier: "POSTAL",
          transactionId: "v2",
          carrierAccountId: "ACCT-1",
        })
      ).headers
    ).not.toHaveProperty("X-Vendor-Shipper-Carrier-AccountId")
  })

  it("refuses retry, reprint and void without their ids", () => {
    const rules = (b: Built) =>
      b.ok ? [] : b.violations.map((v) => `${v.path} ${v.rule}`)
    expect(
      rules(
        buildRetryShipment({
          originalTransactionId: "x".repeat(26),
          carrier: "POSTAL",
        })
      )
    ).toEqual(["originalTransactionId header.X-Vendor-TransactionId.format"])
    expect(
      rules(buildReprintShipment({ shipmentId: " ", carrier: "POSTAL" }))
    ).toEqual(["shipmentId shipment.shipmentId.not-empty"])
    expect(
      rules(
        buildVoidShipment({
          shipmentId: "S1",
          carrier: "POSTAL",
          transactionId: "",
        })
      )
    ).toEqual([
      "headers.X-Vendor-TransactionId header.X-Vendor-TransactionId.format",
    ])
  })

  it("builds a manifest and refuses one without SHIPPER_ID", () => {
    const manifest = {
      carrier: "POSTAL",
      submissionDate: "2026-03-02",
      parcelTrackingNumbers: [
        "9405509898642004103722",
        "9405509898642004103739",
      ],
      parameters: [{ name: "SHIPPER_ID", value: "9024324" }],
    }
    expectGolden(
      "manifest",
      buildManifest({ manifest, transactionId: "manifest-2026-03-02" })
    )
    const refused = buildManifest({
      manifest: { ...manifest, parameters: [] },
      transactionId: "m1",
    })
    expect(refused.ok ? [] : refused.violations.map((v) => v.rule)).toEqual([
      "manifest.parameters.shipper-id",
    ])
  })
})

describe("response parsers", () => {
  it("parse tolerantly", () => {
    expect(
      parseShipmentResponse({
        shipmentId: "S1",
        parcelTrackingNumber: 9405,
        rates: [{ totalCarrierCharge: "8.10" }],
        extra: 1,
      })
    ).toMatchObject({
      ok: true,
      value: {
        shipmentId: "S1",
        parcelTrackingNumber: "9405",
        rates: [{ totalCarrierCharge: 8.1 }],
        extra: 1,
      },
    })
    expect(
      parseRatesResponse({
        rates: [
          { serviceId: "PM", baseCharge: "7.5" },
          { serviceId: "EMI", baseCharge: 30 },
        ],
      })
    ).toMatchObject({
      ok: true,
      value: { rates: [{ baseCharge: 7.5 }, { baseCharge: 30 }] },
    })
    expect(
      parseVoidResponse({ status: "APPROVED", totalCarrierCharge: "0" })
    ).toEqual({
      ok: true,
      value: { status: "APPROVED", totalCarrierCharge: 0 },
    })
    expect(
      parseManifestResponse({ manifestId: "M1", documents: null })
    ).toEqual({ ok: true, value: { manifestId: "M1" } })
  })

  it("report what does not fit", () => {
    const parsed = parseShipmentResponse({ parcelTrackingNumber: "9405" })
    expect(parsed.ok ? [] : parsed.violations.map((v) => v.path)).toEqual([
      "shipmentId",
    ])
    expect(parseVoidResponse("not json").ok).toBe(false)
  })
})
