import fc from "fast-check"
import { canonicalJson, quoteKeyOf } from "../quote-key"
import { fallbackPriceOf, unpricedWords } from "../fallback"
import {
  addBusinessDays,
  combinedPromise,
  deliveryPromiseOf,
} from "../delivery-promise"
import { isFresh, type Quote } from "../quote"

const request = {
  fromAddress: {
    name: "Shop",
    company: "Shop Inc",
    addressLine1: "1 Main St",
    cityTown: "Shelton",
    postalCode: "06484",
    countryCode: "US",
    phone: "2035551234",
  },
  toAddress: {
    name: "Ann Smith",
    addressLine1: "5 Elm St",
    cityTown: "Austin",
    postalCode: "78701",
    countryCode: "US",
    email: "ann@example.com",
  },
  parcel: { weight: { weight: 16, unitOfMeasurement: "OZ" } },
  shipmentOptions: [{ name: "SHIPPER_ID", value: "9024324" }],
  rates: [{ carrier: "CARRIER_A", serviceId: "NDA" }],
  references: [{ name: "ORDER_NUMBER", value: "cart_01ABC" }],
}

describe("a quote's key: what the rate depends on, nothing else", () => {
  const key = (r: Record<string, unknown>, currency = "usd") =>
    quoteKeyOf({ serviceId: "ground", request: r, currency })

  it("is the same for another cart of the same shape, names, phones and emails aside", () => {
    expect(
      key({
        ...request,
        toAddress: {
          ...request.toAddress,
          name: "Bob",
          email: "bob@example.com",
        },
        references: [{ name: "ORDER_NUMBER", value: "cart_02XYZ" }],
      })
    ).toBe(key(request))
    expect(key(request, "USD")).toBe(key(request))
  })

  it("changes with the address, the parcel, the services, the currency and the service", () => {
    const base = key(request)
    expect(
      key({
        ...request,
        toAddress: { ...request.toAddress, postalCode: "78702" },
      })
    ).not.toBe(base)
    expect(
      key({
        ...request,
        parcel: { weight: { weight: 17, unitOfMeasurement: "OZ" } },
      })
    ).not.toBe(base)
    expect(
      key({
        ...request,
        rates: [
          {
            carrier: "CARRIER_A",
            serviceId: "NDA",
            specialServices: [{ specialServiceId: "INS" }],
          },
        ],
      })
    ).not.toBe(base)
    expect(key(request, "eur")).not.toBe(base)
    expect(
      quoteKeyOf({ serviceId: "express", request, currency: "usd" })
    ).not.toBe(base)
  })

  it("does not depend on the order of keys", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (d) => {
        const reversed = Object.fromEntries(Object.entries(d).reverse())
        expect(canonicalJson(reversed)).toBe(canonicalJson(d))
      })
    )
  })
})

const quote = (amount: number, at = "2026-11-28T09:00:00.000Z"): Quote => ({
  amount,
  currency: "usd",
  commitment: null,
  quoted_at: at,
})

describe("the outage fallback of a calculated option", () => {
  it("takes the last quotes of the same cart state, summed to the cent", () => {
    expect(
      fallbackPriceOf("last-quote", "usd", [quote(7.35), quote(0.1)])
    ).toEqual({
      amount: 7.45,
      source: "last_quote",
      quoted_at: "2026-11-28T09:00:00.000Z",
    })
  })
  it("then the merchant's flat amount in the cart's currency", () => {
    expect(fallbackPriceOf({ usd: 9.5 }, "USD", [quote(7), null])).toEqual({
      amount: 9.5,
      source: "flat",
    })
    expect(fallbackPriceOf({ usd: 9.5 }, "usd", [quote(7)])).toMatchObject({
      source: "last_quote",
    })
  })
  it("else refuses: no amount for the currency, no quote, or hide", () => {
    expect(fallbackPriceOf({ usd: 9.5 }, "eur", [null])).toEqual({
      refused: "no_price",
    })
    expect(fallbackPriceOf(undefined, "usd", [null])).toEqual({
      refused: "no_price",
    })
    expect(fallbackPriceOf("last-quote", "usd", [])).toEqual({
      refused: "no_price",
    })
    expect(fallbackPriceOf("hide", "usd", [quote(7)])).toEqual({
      refused: "hidden",
    })
  })
  it("says so in the shopper's words", () => {
    expect(unpricedWords("Ground")).toBe(
      "Ground cannot be priced right now; choose another shipping option"
    )
  })
  it("a quote is fresh for its ttl", () => {
    const q = quote(1, "2026-11-28T09:00:00.000Z")
    expect(isFresh(q, 300_000, new Date("2026-11-28T09:04:59Z"))).toBe(true)
    expect(isFresh(q, 300_000, new Date("2026-11-28T09:05:01Z"))).toBe(false)
  })
})

describe("the delivery promise of a rate", () => {
  // A Friday: two business days on is the Tuesday.
  const friday = new Date("2026-11-27T15:00:00Z")

  it("counts business days", () => {
    expect(addBusinessDays(friday, 0)).toBe("2026-11-27")
    expect(addBusinessDays(friday, 1)).toBe("2026-11-30")
    expect(addBusinessDays(friday, 2)).toBe("2026-12-01")
  })

  it("is the estimated day, from the minimum days on, guaranteed unless NONE", () => {
    expect(
      deliveryPromiseOf(
        {
          estimatedDeliveryDateTime: "2026-12-03T20:00:00",
          minEstimatedNumberOfDays: "2",
          maxEstimatedNumberOfDays: "4",
          guarantee: "FULL",
        },
        friday
      )
    ).toEqual({
      earliest: "2026-12-01",
      latest: "2026-12-03",
      guaranteed: true,
    })
    expect(
      deliveryPromiseOf(
        { maxEstimatedNumberOfDays: "1", guarantee: "NONE" },
        friday
      )
    ).toEqual({
      earliest: "2026-11-30",
      latest: "2026-11-30",
      guaranteed: false,
    })
  })

  it("promises nothing without a commitment or a day", () => {
    expect(deliveryPromiseOf(null, friday)).toBeNull()
    expect(deliveryPromiseOf({ guarantee: "FULL" }, friday)).toBeNull()
    expect(
      deliveryPromiseOf({ maxEstimatedNumberOfDays: "soon" }, friday)
    ).toBeNull()
  })

  it("several parcels: all by the last one's days, nothing if one has none", () => {
    const a = { earliest: "2026-12-01", latest: "2026-12-02", guaranteed: true }
    const b = {
      earliest: "2026-12-02",
      latest: "2026-12-04",
      guaranteed: false,
    }
    expect(combinedPromise([a, b])).toEqual({
      earliest: "2026-12-02",
      latest: "2026-12-04",
      guaranteed: false,
    })
    expect(combinedPromise([a, null])).toBeNull()
    expect(combinedPromise([])).toBeNull()
  })
})
