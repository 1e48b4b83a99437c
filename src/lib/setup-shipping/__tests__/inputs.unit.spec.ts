import { validateRatesRequest } from "../../../shipping-api/rules"
import { fromMedusaAddress } from "../../../providers/shipping-services/mapping/address"
import { parseSetupCommand, tokensAfterDashes } from "../command-args"
import { describePlan } from "../describe"
import {
  flatAmountFor,
  parseFlatArgument,
  unknownFlatServices,
} from "../flat-amounts"
import { markerOf } from "../marker"
import { planShippingSetup, probeQuestions } from "../plan"
import { rateProbe, ratedServices } from "../rate-probe"
import { laneCheck, options, sandboxAnswers, snapshot } from "./fixtures"

describe("flat amounts typed by the merchant", () => {
  const typed = [
    { service: "postal-ground", amount: 8 },
    { service: "postal-ground", lane: "cross-border" as const, amount: 19 },
    { service: "postal-ground", currency_code: "eur", amount: 7.5 },
    {
      service: "postal-ground",
      lane: "cross-border" as const,
      currency_code: "gbp",
      amount: 12,
    },
  ]

  it("the most specific amount wins: currency, then lane, then the service alone", () => {
    expect(flatAmountFor(typed, "postal-ground", "domestic", "usd")).toBe(8)
    expect(flatAmountFor(typed, "postal-ground", "cross-border", "usd")).toBe(
      19
    )
    expect(flatAmountFor(typed, "postal-ground", "cross-border", "eur")).toBe(
      7.5
    )
    expect(flatAmountFor(typed, "postal-ground", "cross-border", "gbp")).toBe(
      12
    )
    expect(flatAmountFor(typed, "postal-ground", "domestic", "gbp")).toBe(8)
    expect(flatAmountFor(typed, "standard", "domestic", "usd")).toBeUndefined()
  })

  it("names an amount for a service the options do not configure", () => {
    expect(
      unknownFlatServices([{ service: "ground", amount: 1 }], options.services)
    ).toEqual([
      'flat_amounts[0].service: "ground" is not a configured service (configured: postal-ground, postal-priority, standard, cross-border, carrier-account, postal-return, postal-return-qr)',
    ])
  })

  it("reads --flat arguments and refuses malformed ones in words", () => {
    expect(parseFlatArgument("postal-ground=8.00")).toEqual({
      service: "postal-ground",
      amount: 8,
    })
    expect(parseFlatArgument("cross-border:GBP=12")).toEqual({
      service: "cross-border",
      currency_code: "gbp",
      amount: 12,
    })
    expect(parseFlatArgument("postal-priority:cross-border:usd=19.5")).toEqual({
      service: "postal-priority",
      lane: "cross-border",
      currency_code: "usd",
      amount: 19.5,
    })
    expect(() => parseFlatArgument("postal-ground=eight")).toThrow(
      "--flat postal-ground=eight: expected <service>[:<lane>][:<currency>]=<amount>"
    )
    expect(() => parseFlatArgument("postal-ground=-1")).toThrow(/expected/)
    expect(() => parseFlatArgument("postal-ground:moon=1")).toThrow(
      '"moon" is neither a lane (domestic, cross-border) nor a three-letter currency code'
    )
    expect(() => parseFlatArgument("g:usd:eur=1")).toThrow(/two currencies/)
    expect(() => parseFlatArgument("g:domestic:domestic=1")).toThrow(
      /two lanes/
    )
  })
})

describe("the setup command's arguments", () => {
  it("reads what follows medusa exec's --", () => {
    expect(
      tokensAfterDashes([
        "node",
        "medusa",
        "exec",
        "./setup-shipping.js",
        "--",
        "--dry-run",
      ])
    ).toEqual(["--dry-run"])
    expect(tokensAfterDashes(["node", "medusa", "exec", "x.js"])).toEqual([])
    expect(
      parseSetupCommand([
        "--location",
        "sloc_1",
        "--location=sloc_2",
        "--flat",
        "postal-ground=8.00",
        "--flat=cross-border:usd=19",
        "--dry-run",
      ])
    ).toEqual({
      dry_run: true,
      location_ids: ["sloc_1", "sloc_2"],
      flat_amounts: [
        { service: "postal-ground", amount: 8 },
        { service: "cross-border", currency_code: "usd", amount: 19 },
      ],
    })
    expect(parseSetupCommand([])).toEqual({ dry_run: false })
    expect(parseSetupCommand(["--help"])).toBe("help")
  })

  it("refuses an unknown argument or a missing value, with the usage", () => {
    expect(() => parseSetupCommand(["--locations", "x"])).toThrow(
      /unknown argument --locations\n\nUsage/
    )
    expect(() => parseSetupCommand(["--location"])).toThrow(
      /--location needs a value/
    )
    expect(() => parseSetupCommand(["--flat", "--dry-run"])).toThrow(
      /--flat needs a value/
    )
  })
})

describe("the rates question (doc 4)", () => {
  const warehouse = fromMedusaAddress(
    {
      company: "Demo Store",
      address_1: "27 Waterview Dr",
      city: "Shelton",
      province: "us-ct",
      postal_code: "06484",
      country_code: "us",
      phone: "2125550100",
    },
    { residential: false }
  )
  const abroad = { countryCode: "CA", addressLines: [], stateProvince: "" }

  it("leaves serviceId out, so the answer names every service rated on the lane, and passes the rates rules", () => {
    for (const service of options.services) {
      const [from, to] = service.isReturn
        ? [abroad, warehouse]
        : [warehouse, abroad]
      const probe = rateProbe(service, options, from as never, to as never)
      expect(probe.request.rates).toHaveLength(1)
      expect(probe.request.rates[0]!.serviceId).toBeUndefined()
      expect(probe.request.parcel.weight).toEqual({
        weight: 16,
        unitOfMeasurement: "OZ",
      })
      if (service.isReturn) expect(probe.request.shipmentType).toBe("RETURN")
      expect(probe.includeDeliveryCommitment).toBe(
        service.variant === "cross-border"
      )
      // Rules that do not depend on the lane pass (standard's lane rule refuses abroad).
      const checked = validateRatesRequest(probe.request, {
        query: {
          includeDeliveryCommitment: String(probe.includeDeliveryCommitment),
          ...(service.variant === "cross-border" ? { carrier: "XBORDER" } : {}),
        },
      })
      const broken = checked.ok ? [] : checked.violations.map((v) => v.rule)
      expect(broken.filter((r) => r !== "address.standard.domestic")).toEqual(
        []
      )
    }
  })

  it("reads which services an answer rates, in which currency", () => {
    expect(
      ratedServices({
        rates: [
          { serviceId: "PM", currencyCode: "usd" },
          { serviceId: "EMI" },
          { currencyCode: "USD" },
        ],
      } as never)
    ).toEqual({
      ok: true,
      rated: [
        { service_id: "PM", currency: "USD" },
        { service_id: "EMI", currency: null },
      ],
    })
  })
})

describe("the setup's mark and its words", () => {
  it("reads only its own mark", () => {
    expect(
      markerOf({
        shipping_services_setup: { version: 1, lane: "domestic", service: "x" },
      })
    ).toEqual({ version: 1, lane: "domestic", service: "x" })
    expect(markerOf({ shipping_services_setup: { version: 2 } })).toBeNull()
    expect(
      markerOf({ shipping_services_setup: { version: 1, lane: "moon" } })
    ).toEqual({ version: 1 })
    expect(markerOf(null)).toBeNull()
  })

  it("prints the plan in words, as the command does", () => {
    const snap = snapshot()
    const questions = probeQuestions(snap, options, {}, laneCheck)
    const lines = describePlan(
      planShippingSetup(snap, options, {}, laneCheck, sandboxAnswers(questions))
    )
    expect(lines).toContain(
      "  zone “Shelton warehouse – Cross-border” (cross-border: CA, DE, FR, GB): create"
    )
    expect(lines).toContain(
      "  create: “Postal Ground Advantage”, domestic to US, calculated by the rates operation (USD)"
    )
    expect(lines.at(-1)).toBe(
      "To create: 8 shipping option(s), 2 service zone(s), 1 fulfillment set(s), 2 link(s), 0 countries added to zones, the default shipping profile."
    )
  })
})
