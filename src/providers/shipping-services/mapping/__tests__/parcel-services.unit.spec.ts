import { parsePluginOptions } from "../../../../options"
import { appPluginOptions } from "../../../../../dev/app-options"
import { sharedShippingClient } from "../../../../options/shipping-client"
import { serviceOptionProblems } from "../../../../options/service-checks"
import { checkPlan, createOptionsOf, planShipment } from "../plan"
import { parcelValueOf, unitValueOf } from "../parcel-services"
import { origin } from "../__fixtures__/orders"
import type { OrderLineLike, ShippedLine } from "../types"

const base = appPluginOptions({}) as { services: Record<string, unknown>[] }
const options = parsePluginOptions({
  ...base,
  services: base.services.map((s) =>
    s.id === "postal-ground" || s.id === "standard"
      ? { ...s, insurance: { above: 100, currency: "usd" } }
      : s
  ),
})
const client = sharedShippingClient(options)
const service = (id: string) => options.services.find((s) => s.id === id)!

let n = 0
const line = (
  over: Partial<OrderLineLike> & {
    weight?: number
    meta?: Record<string, unknown>
  }
): OrderLineLike => {
  const id = `ordli_${++n}`
  const { weight = 500, meta, ...rest } = over
  return {
    id,
    title: `Item ${n}`,
    product_title: `Item ${n}`,
    unit_price: 10,
    quantity: 1,
    variant_id: `variant_${n}`,
    variant: {
      id: `variant_${n}`,
      weight,
      length: 20,
      width: 15,
      height: 10,
      hs_code: "6109.10",
      origin_country: "us",
      metadata: meta ?? null,
      product: { id: `prod_${n}`, title: `Item ${n}` },
    },
    ...rest,
  }
}

const newYork = {
  first_name: "Ada",
  last_name: "Lovelace",
  phone: "2125550199",
  address_1: "1 Main St",
  city: "New York",
  province: "us-ny",
  postal_code: "10001",
  country_code: "us",
}
const london = {
  first_name: "Jane",
  last_name: "Doe",
  phone: "442071234567",
  address_1: "10 Downing St",
  city: "London",
  postal_code: "SW1A 2AA",
  country_code: "gb",
}

function plan(
  serviceId: string,
  lines: OrderLineLike[],
  address: Record<string, string> = newYork,
  currency = "usd"
) {
  const shipped: ShippedLine[] = lines.map((l) => ({
    line: l,
    quantity: Number(l.quantity),
  }))
  const result = planShipment({
    order: {
      id: "order_1",
      display_id: 1,
      currency_code: currency,
      shipping_address: address,
      items: lines,
    },
    lines: shipped,
    service: service(serviceId),
    options,
    origin,
    direction: "outbound",
  })
  const problems = result.ok
    ? checkPlan(result.parcels, (b) =>
        client.checkShipment(b.request, createOptionsOf(b, service(serviceId)))
      )
    : result.problems
  return { result, problems }
}

const specialOf = (r: ReturnType<typeof plan>, parcel = 0) => {
  if (!r.result.ok) throw new Error(JSON.stringify(r.result.problems))
  return r.result.parcels[parcel].built.request.rates[0].specialServices ?? []
}

describe("insurance from the parcel's value", () => {
  it("adds no INS at or below the threshold, INS with the contents' value above it", () => {
    expect(
      specialOf(plan("postal-ground", [line({ unit_price: 100 })]))
    ).toEqual([])
    const above = plan("postal-ground", [line({ unit_price: 60, quantity: 2 })])
    expect(specialOf(above)).toEqual([
      {
        specialServiceId: "INS",
        inputParameters: [{ name: "INPUT_VALUE", value: "120.00" }],
      },
    ])
    expect(above.problems).toEqual([])
    if (above.result.ok)
      expect(above.result.parcels[0].built.insured).toEqual({
        amount: 120,
        currency: "USD",
      })
  })

  it("counts line prices after discounts", () => {
    const discounted = line({
      unit_price: 80,
      quantity: 2,
      adjustments: [{ amount: 40 }],
    } as never)
    expect(unitValueOf(discounted)).toBe(60)
    expect(specialOf(plan("postal-ground", [discounted]))[0]).toMatchObject({
      inputParameters: [{ name: "INPUT_VALUE", value: "120.00" }],
    })
    expect(
      unitValueOf(
        line({ unit_price: 80, quantity: 2, discount_total: 160 } as never)
      )
    ).toBe(0)
  })

  it("insures each parcel of a split order for its own contents: the sum is the order's value", () => {
    const ovens = line({ unit_price: 89, quantity: 3, weight: 25000 })
    const r = plan("postal-ground", [ovens])
    if (!r.result.ok) throw new Error("not planned")
    expect(r.result.parcels).toHaveLength(3)
    const values = r.result.parcels.map((_, i) => {
      const ins = specialOf(r, i).find((s) => s.specialServiceId === "INS")
      return ins ? Number(ins.inputParameters![0].value) : 0
    })
    // 89 each: at or below 100, so none is insured...
    expect(values).toEqual([0, 0, 0])
    const pricey = line({ unit_price: 150, quantity: 3, weight: 25000 })
    const p = plan("postal-ground", [pricey])
    if (!p.result.ok) throw new Error("not planned")
    const insured = p.result.parcels.map((_, i) =>
      Number(
        specialOf(p, i).find((s) => s.specialServiceId === "INS")!
          .inputParameters![0].value
      )
    )
    // ...and at 150 each, every parcel is, and together they insure the order's 450.
    expect(insured).toEqual([150, 150, 150])
    expect(parcelValueOf([{ line: pricey, quantity: 3 }])).toBe(450)
  })

  it("leaves an order in another currency uninsured", () => {
    expect(
      specialOf(
        plan("postal-ground", [line({ unit_price: 500 })], newYork, "eur")
      )
    ).toEqual([])
  })

  it("refuses insurance on a cross-border service at boot (its special services are ignored)", () => {
    const bad = {
      ...base,
      services: base.services.map((s) =>
        s.id === "cross-border"
          ? { ...s, insurance: { above: 50, currency: "usd" } }
          : s
      ),
    }
    expect(() => parsePluginOptions(bad)).toThrow(
      /services\[3\]\.insurance: cross-border requests ignore special services/
    )
    const { errors } = serviceOptionProblems(bad as never)
    expect(errors.map((e) => e.rule)).toContain(
      "options.insurance.cross-border"
    )
  })
})

describe("hazmat from the product", () => {
  const lithium = () =>
    line({
      meta: { shipping_hazmat: "hazmat", shipping_hazmat_type: "LITHIUM" },
    })
  const battery = () =>
    line({ meta: { shipping_hazmat: "hazmat-electronics" } })

  it("marks the parcel of a hazmat item with the special service and its HAZMAT_TYPE", () => {
    const r = plan("postal-ground", [lithium()])
    expect(specialOf(r)).toEqual([
      {
        specialServiceId: "hazmat",
        inputParameters: [{ name: "HAZMAT_TYPE", value: "LITHIUM" }],
      },
    ])
    expect(r.problems).toEqual([])
  })

  it("reads the marking from the product or its type when the variant has none", () => {
    const l = line({})
    ;(l.variant!.product as Record<string, unknown>).type = {
      id: "ptyp_1",
      metadata: { shipping_hazmat: "hazmat-electronics" },
    }
    expect(specialOf(plan("postal-ground", [l]))).toEqual([
      { specialServiceId: "hazmat-electronics", inputParameters: [] },
    ])
  })

  it("packs the two hazmat kinds and other goods apart, each parcel with its own special service", () => {
    const r = plan("postal-ground", [lithium(), battery(), line({})])
    if (!r.result.ok) throw new Error("not planned")
    expect(r.result.parcels).toHaveLength(3)
    const kinds = r.result.parcels.map((_, i) =>
      specialOf(r, i).map((s) => s.specialServiceId)
    )
    expect(kinds.sort()).toEqual([[], ["hazmat"], ["hazmat-electronics"]])
    expect(r.problems).toEqual([])
  })

  it("refuses hazmat without HAZMAT_TYPE through the rule, naming the item", () => {
    const l = line({ meta: { shipping_hazmat: "hazmat" } })
    const r = plan("postal-ground", [l])
    expect(r.problems).toEqual([
      expect.objectContaining({
        rule: "special-services.hazmat.HAZMAT_TYPE",
        line_ids: [l.id],
      }),
    ])
  })

  it("declares cross-border hazmat on the customs items", () => {
    const l = lithium()
    const r = plan("cross-border", [l, line({})], london)
    if (!r.result.ok) throw new Error(JSON.stringify(r.result.problems))
    const items = r.result.parcels.flatMap(
      (p) => p.built.request.customs?.customsItems ?? []
    )
    expect(items.filter((i) => i.hazmat)).toEqual([
      expect.objectContaining({ hazmat: ["LITHIUM"] }),
    ])
    expect(r.problems).toEqual([])
  })

  it("refuses hazmat on standard delivery and an unknown marking, naming the item", () => {
    const l = lithium()
    expect(plan("standard", [l]).problems).toEqual([
      expect.objectContaining({
        rule: "builder.item.hazmat.unsupported",
        line_ids: [l.id],
      }),
    ])
    const odd = line({ meta: { shipping_hazmat: "explosive" } })
    expect(plan("postal-ground", [odd]).problems).toEqual([
      expect.objectContaining({
        rule: "builder.item.hazmat.unknown",
        line_ids: [odd.id],
      }),
    ])
  })
})
