import { buildCreateShipment } from "../../../../shipping-api/operations/shipments"
import type { ServiceOption } from "../../../../options"
import { buildShipmentRequest } from "../build-shipment"
import { mergeCustomsItems } from "../customs"
import { options, order, origin, shipped, tshirt } from "../__fixtures__/orders"

const service = (id: string): ServiceOption =>
  options.services.find((s) => s.id === id)!

function build(
  serviceId: string,
  o = order({}),
  direction: "outbound" | "return" = "outbound"
) {
  const result = buildShipmentRequest({
    order: o,
    lines: shipped(o),
    service: service(serviceId),
    options,
    origin,
    direction,
  })
  if (!result.ok) throw new Error(JSON.stringify(result.violations, null, 2))
  return result.value
}

/** The request the client would send must pass every rule of the documents. */
function expectValid(built: ReturnType<typeof build>) {
  const checked = buildCreateShipment({
    shipment: built.request,
    transactionId: "T-golden",
    includeDeliveryCommitment: built.includeDeliveryCommitment,
  })
  if (!checked.ok) throw new Error(JSON.stringify(checked.violations, null, 2))
}

describe("buildShipmentRequest (golden requests)", () => {
  it("domestic postal: OZ weight summed over quantities, inches, no customs", () => {
    const built = build("postal-ground")
    expect(built.request).toMatchSnapshot()
    expect(built.request.parcel.weight).toEqual({
      weight: 28.22,
      unitOfMeasurement: "OZ",
    }) // (2*200 + 400) g
    expect(built.request.customs).toBeUndefined()
    expectValid(built)
  })

  it("carrier-account to Puerto Rico: soldToAddress, customs, PR state and country", () => {
    const built = build(
      "carrier-account",
      order({
        city: "San Juan",
        province: "pr",
        postal_code: "00901",
        country_code: "pr",
      })
    )
    expect(built.request).toMatchSnapshot()
    expect(built.request.soldToAddress).toEqual(built.request.toAddress)
    expect(built.request.toAddress).toMatchObject({
      stateProvince: "PR",
      countryCode: "PR",
    })
    expect(built.request.customs?.customsItems).toHaveLength(2)
    expectValid(built)
  })

  it("standard: facilities and the order reference", () => {
    const built = build("standard")
    expect(built.request).toMatchSnapshot()
    expect(built.request.shipmentOptions).toEqual(
      expect.arrayContaining([
        { name: "CLIENT_FACILITY_ID", value: "0093" },
        { name: "CARRIER_FACILITY_ID", value: "1585" },
      ])
    )
    expect(built.request.references).toEqual([
      { name: "ReferenceNumber", value: "Order 1042" },
    ])
    expectValid(built)
  })

  it("cross-border: delivery solution, customs from line items, ORDER_NUMBER", () => {
    const o = order({
      first_name: "Jane",
      last_name: "Doe",
      city: "London",
      province: "",
      postal_code: "SW1A 1AA",
      country_code: "gb",
    })
    const built = build("cross-border", o)
    expect(built.request).toMatchSnapshot()
    expect(built.includeDeliveryCommitment).toBe(true)
    const items = built.request.customs!.customsItems!
    expect(items[0]).toEqual({
      description: "Medusa T-Shirt - L / Black",
      quantity: 2,
      unitPrice: 25,
      unitWeight: { weight: 7.0548, unitOfMeasurement: "OZ" },
      hSTariffCode: "6109100012",
      hSTariffCodeCountry: "US",
      originCountryCode: "PT",
      itemId: "SHIRT-L-BLACK",
      url: "https://shop.example.com/products/t-shirt",
      manufacturer: "Demo Manufacturing",
    })
    expect(items[1].itemId).toBe("variant_02")
    expect(built.request.customs!.customsInfo).toMatchObject({
      currencyCode: "USD",
      reasonForExport: "MERCHANDISE",
    })
    expect(built.request.references).toEqual([
      { name: "ORDER_NUMBER", value: "1042" },
    ])
    expectValid(built)
  })

  it("cross-border to a standard delivery facility: the attention text on line 1 of the sender (doc 2 solutions)", () => {
    const dropOff = {
      ...service("cross-border"),
      deliverySolution: "DROPOFF_STANDARDLABEL",
    }
    const o = order({
      first_name: "Jane",
      last_name: "Doe",
      city: "London",
      province: "",
      postal_code: "SW1A 1AA",
      country_code: "gb",
    })
    const result = buildShipmentRequest({
      order: o,
      lines: shipped(o),
      service: dropOff,
      options,
      origin,
      direction: "outbound",
    })
    if (!result.ok) throw new Error(JSON.stringify(result.violations))
    expect(result.value.request.fromAddress.addressLines).toEqual([
      "Attn: Cross-Border",
      "27 Waterview Dr",
    ])
    expect(result.value.request.shipmentOptions).toEqual(
      expect.arrayContaining([
        { name: "DELIVERY_SOLUTION", value: "DROPOFF_STANDARDLABEL" },
        { name: "CLIENT_ID", value: "SANDBOXCLIENT" },
        { name: "CLIENT_FACILITY_ID", value: "0093" },
        { name: "CARRIER_FACILITY_ID", value: "1585" },
      ])
    )
    expectValid(result.value)
    // The generic label keeps the address as it is.
    expect(build("cross-border", o).request.fromAddress.addressLines).toEqual([
      "27 Waterview Dr",
    ])
  })

  it("a return reverses the addresses and marks the shipment type", () => {
    const built = build("postal-return", order({}), "return")
    expect(built.request.fromAddress.name).toBe("Ada Lovelace")
    expect(built.request.toAddress.company).toBe("Demo Store")
    expect(built.request.shipmentType).toBe("RETURN")
    expectValid(built)
  })
})

describe("buildShipmentRequest refuses what it cannot build", () => {
  it("an item without weight and no default weight", () => {
    const noDefault = { ...options, defaultParcel: undefined }
    const o = order({})
    o.items![1] = {
      ...o.items![1],
      variant: {
        id: "variant_02",
        weight: null,
        product: { id: "prod_2", weight: null },
      },
    }
    const result = buildShipmentRequest({
      order: o,
      lines: shipped(o),
      service: service("postal-ground"),
      options: noDefault,
      origin,
      direction: "outbound",
    })
    expect(result).toEqual({
      ok: false,
      violations: [
        expect.objectContaining({
          path: "items[1].weight",
          rule: "builder.item.weight.missing",
        }),
      ],
    })
  })

  it("more than 30 distinct customs lines: merged by HS code and origin, else refused with how to split", () => {
    const many = Array.from({ length: 31 }, (_, i) => ({
      ...tshirt,
      id: `ordli_${i}`,
      variant_sku: `SKU-${i}`,
      quantity: 1,
      variant: {
        ...tshirt.variant,
        hs_code: i < 20 ? "610910" : `6109${String(i).padStart(2, "0")}`,
      },
    }))
    const o = order(
      {
        country_code: "gb",
        city: "London",
        postal_code: "SW1A 1AA",
        province: "",
      },
      { items: many }
    )
    const merged = buildShipmentRequest({
      order: o,
      lines: shipped(o),
      service: service("cross-border"),
      options,
      origin,
      direction: "outbound",
    })
    expect(
      merged.ok && merged.value.request.customs!.customsItems!.length
    ).toBe(12)

    const distinct = many.map((l, i) => ({
      ...l,
      variant: { ...l.variant, hs_code: `6109${String(i).padStart(2, "0")}` },
    }))
    const o2 = { ...o, items: distinct }
    const refused = buildShipmentRequest({
      order: o2,
      lines: shipped(o2),
      service: service("cross-border"),
      options,
      origin,
      direction: "outbound",
    })
    expect(refused.ok).toBe(false)
    // The limit's one rule (schemas/customs.ts), not a second one of the builder.
    expect(!refused.ok && refused.violations).toEqual([
      expect.objectContaining({
        path: "customs.customsItems",
        rule: "customs.customsItems.max-items",
        source: "doc 2, Limits",
      }),
    ])
    expect(!refused.ok && refused.violations[0].message).toMatch(
      /31 distinct customs items after merging.*at most 30 customs items.*another parcel/
    )
  })

  it("EELPFC only where the rule asks for it: an item above 2,500 in USD, not in another currency", () => {
    const expensive = { ...tshirt, unit_price: 3000, quantity: 1 }
    const abroad = {
      country_code: "gb",
      city: "London",
      postal_code: "SW1A 1AA",
      province: "",
    }
    const withEelpfc = {
      ...options,
      customs: { ...options.customs, eelpfc: "NOEEI 30.37(a)" },
    }
    const built = (currency: string) => {
      const o = order(abroad, { items: [expensive], currency_code: currency })
      const r = buildShipmentRequest({
        order: o,
        lines: shipped(o),
        service: service("cross-border"),
        options: withEelpfc,
        origin,
        direction: "outbound",
      })
      if (!r.ok) throw new Error(JSON.stringify(r.violations))
      return r.value.request.customs!.customsInfo
    }
    expect(built("usd").EELPFC).toBe("NOEEI 30.37(a)")
    expect(built("eur")).not.toHaveProperty("EELPFC")
  })

  it("an importer reference goes only where doc 2 asks for one (EU, Brazil)", () => {
    const withRef = {
      ...options,
      customs: {
        ...options.customs,
        importerCustomsReference: "IM2760000123",
        importerCustomsReferenceType: "IOSS_NUMBER" as const,
      },
    }
    const to = (country_code: string) => {
      const o = order({
        country_code,
        city: "X",
        postal_code: "10117",
        province: "",
      })
      const r = buildShipmentRequest({
        order: o,
        lines: shipped(o),
        service: service("cross-border"),
        options: withRef,
        origin,
        direction: "outbound",
      })
      if (!r.ok) throw new Error(JSON.stringify(r.violations))
      return r.value.request.customs!.customsInfo
    }
    expect(to("de")).toMatchObject({
      importerCustomsReference: "IM2760000123",
      importerCustomsReferenceType: "IOSS_NUMBER",
    })
    expect(to("ca")).not.toHaveProperty("importerCustomsReference")
  })

  it("merging averages price and weight per unit", () => {
    const merged = mergeCustomsItems([
      {
        description: "A",
        quantity: 1,
        unitPrice: 10,
        unitWeight: { weight: 1, unitOfMeasurement: "OZ" },
        hSTariffCode: "610910",
        originCountryCode: "PT",
      },
      {
        description: "B",
        quantity: 3,
        unitPrice: 20,
        unitWeight: { weight: 2, unitOfMeasurement: "OZ" },
        hSTariffCode: "610910",
        originCountryCode: "PT",
      },
    ])
    expect(merged).toEqual([
      {
        description: "A and 1 more",
        quantity: 4,
        unitPrice: 17.5,
        unitWeight: { weight: 1.75, unitOfMeasurement: "OZ" },
        hSTariffCode: "610910",
        originCountryCode: "PT",
      },
    ])
  })
})
