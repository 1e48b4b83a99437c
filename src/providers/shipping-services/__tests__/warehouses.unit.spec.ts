import fc from "fast-check"
import {
  AUSTIN_WAREHOUSE_ADDRESS,
  WAREHOUSE_ADDRESS,
} from "../../../../dev/seed/store"
import { sharedShippingClient } from "../../../options/shipping-client"
import type { VariantStock } from "../../../lib/locations/reservation-rule"
import {
  CORPUS_ADDRESSES,
  corpusCheckoutCart,
  corpusOptions,
  corpusVariants,
  type ProductKey,
} from "../__fixtures__/checkout-corpus"
import {
  checkCart,
  LOCATION_ADDRESS_RULE,
  logMerchantProblems,
  type CartForCheckout,
} from "../checkout"
import type { ShopLocation } from "../ports"
import { priceOption, type PricingDeps } from "../pricing"
import { processQuotes } from "../quotes"
import { stockDecides, warehousesOfCart } from "../warehouses"

const options = corpusOptions()
const client = sharedShippingClient(options)
const service = (id: string) => options.services.find((s) => s.id === id)!

const AUSTIN = AUSTIN_WAREHOUSE_ADDRESS
const BERLIN = {
  company: "Demo Store",
  address_1: "Alexanderplatz 1",
  city: "Berlin",
  postal_code: "10178",
  country_code: "de",
  phone: "49305550100",
}

const SC = "sc_web"
const shelton: ShopLocation = {
  id: "sloc_shelton",
  name: "Shelton warehouse",
  address: WAREHOUSE_ADDRESS,
  sales_channel_ids: [SC],
}
const austin: ShopLocation = {
  id: "sloc_austin",
  name: "Austin warehouse",
  address: AUSTIN,
  sales_channel_ids: [SC],
}

/** A managed variant stocked `stock` units at each location named. */
const stocked = (
  product: ProductKey,
  at: Record<string, number>
): VariantStock => ({
  id: product,
  manage_inventory: true,
  inventory_items: [
    {
      inventory_item_id: `iitem_${product}`,
      required_quantity: 1,
      location_levels: Object.entries(at).map(([location_id, n]) => ({
        location_id,
        stocked_quantity: n,
        reserved_quantity: 0,
      })),
    },
  ],
})

function portsOf(locations: ShopLocation[], stock: VariantStock[]) {
  const reads = { stock: 0 }
  return {
    reads,
    ports: {
      variants: corpusVariants,
      async products() {
        return []
      },
      async shopLocations() {
        return locations
      },
      async variantStock(ids: string[]) {
        reads.stock++
        return stock.filter((v) => ids.includes(v.id))
      },
    },
  }
}

function cartOf(
  items: { product: ProductKey; quantity: number }[],
  address = CORPUS_ADDRESSES.newYork
): CartForCheckout {
  return {
    ...corpusCheckoutCart({ items, address }),
    id: "cart_01TESTWAREHOUSES000000000",
    sales_channel_id: SC,
  }
}

const fromShelton = {
  id: shelton.id,
  name: shelton.name,
  address: WAREHOUSE_ADDRESS,
}

describe("checkout's dry run across several warehouses", () => {
  it("plans each line's parcels from the warehouse Medusa will reserve it at: two origins, two parcels", async () => {
    const { ports, reads } = portsOf(
      [shelton, austin],
      [
        stocked("shirt", { sloc_shelton: 5 }),
        stocked("candle", { sloc_austin: 5 }),
      ]
    )
    const check = await checkCart(
      { options, ports, client: () => client },
      service("postal-ground"),
      cartOf([
        { product: "shirt", quantity: 1 },
        { product: "candle", quantity: 1 },
      ]),
      fromShelton
    )
    expect(check.problems).toEqual([])
    expect(reads.stock).toBe(1)
    expect(
      check.parcels?.map((p) => [
        p.built.request.fromAddress.postalCode,
        p.lines.map((l) => l.line.id),
      ])
    ).toEqual([
      ["06484", ["cali_0"]],
      ["78701", ["cali_1"]],
    ])
    expect(
      check.locations.map((l) => [l.location_id, l.item_ids, l.problems])
    ).toEqual([
      ["sloc_shelton", ["cali_0"], []],
      ["sloc_austin", ["cali_1"], []],
    ])
  })

  it("ships a line from the next warehouse once the first has too little of it, and unmanaged lines from the option's", async () => {
    const { ports } = portsOf(
      [shelton, austin],
      [stocked("shirt", { sloc_shelton: 1, sloc_austin: 9 })]
    )
    const check = await checkCart(
      { options, ports, client: () => client },
      service("postal-ground"),
      cartOf([
        { product: "shirt", quantity: 2 },
        { product: "candle", quantity: 1 },
      ]),
      fromShelton
    )
    expect(check.problems).toEqual([])
    expect(check.locations.map((l) => [l.location_id, l.item_ids])).toEqual([
      ["sloc_austin", ["cali_0"]],
      ["sloc_shelton", ["cali_1"]],
    ])
  })

  it("refuses the lines of a warehouse without an address in the shopper's words, never from another address", async () => {
    const bare: ShopLocation = { ...austin, address: null }
    const { ports } = portsOf(
      [shelton, bare],
      [
        stocked("shirt", { sloc_shelton: 5 }),
        stocked("candle", { sloc_austin: 5 }),
      ]
    )
    const cart = cartOf([
      { product: "shirt", quantity: 1 },
      { product: "candle", quantity: 1 },
    ])
    const check = await checkCart(
      { options, ports, client: () => client },
      service("postal-ground"),
      cart,
      fromShelton
    )
    expect(check.parcels).toBeUndefined()
    expect(check.problems).toEqual([
      {
        field: "items",
        item_ids: ["cali_1"],
        message: `"Handmade Candle" cannot be shipped with Postal Ground Advantage: choose another shipping option, or remove it`,
        fix: "merchant",
        rule: LOCATION_ADDRESS_RULE,
        detail: expect.stringContaining(
          "“Austin warehouse” (sloc_austin) that holds it has no address"
        ),
      },
    ])
    // Shelton's line alone would ship.
    expect(check.locations[0]).toMatchObject({
      location_id: "sloc_shelton",
      problems: [],
    })
    // The merchant reads which location, in the log.
    const warn = jest.fn()
    logMerchantProblems({ warn }, service("postal-ground"), cart, check)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]![0]).toMatch(
      /cannot ship "Handmade Candle" .*“Austin warehouse” \(sloc_austin\) that holds it has no address.*\[checkout\.location\.address-missing\]\. Fix it under Settings → Locations\.$/
    )
  })

  it("refuses what one warehouse's lane cannot ship, naming its items, and says the shopper's own problems once", async () => {
    const berlin: ShopLocation = {
      ...austin,
      id: "sloc_berlin",
      name: "Berlin warehouse",
      address: BERLIN,
    }
    const { ports } = portsOf(
      [shelton, berlin],
      [
        stocked("shirt", { sloc_shelton: 5 }),
        stocked("candle", { sloc_berlin: 5 }),
      ]
    )
    const { phone: _phone, ...noPhone } = CORPUS_ADDRESSES.london
    const check = await checkCart(
      { options, ports, client: () => client },
      service("cross-border"),
      cartOf(
        [
          { product: "shirt", quantity: 1 },
          { product: "candle", quantity: 1 },
        ],
        noPhone as typeof CORPUS_ADDRESSES.london
      ),
      fromShelton
    )
    const ofBerlin = check.problems.filter((p) => p.field === "items")
    expect(ofBerlin.length).toBeGreaterThan(0)
    for (const p of ofBerlin) {
      expect(p).toMatchObject({
        item_ids: ["cali_1"],
        fix: "merchant",
        message: expect.stringMatching(/^"Handmade Candle" cannot be shipped/),
        detail: expect.stringMatching(/^from “Berlin warehouse”: /),
      })
    }
    expect(ofBerlin.map((p) => p.rule)).toContain("address.cross-border.origin")
    const phone = check.problems.filter(
      (p) => p.field === "shipping_address.phone"
    )
    expect(phone).toHaveLength(1)
    expect(phone[0]!.fix).toBe("customer")
  })

  it("prices the calculated option as the sum over every parcel of every warehouse", async () => {
    const { ports } = portsOf(
      [shelton, austin],
      [
        stocked("shirt", { sloc_shelton: 5 }),
        stocked("oven", { sloc_austin: 5 }),
      ]
    )
    const check = await checkCart(
      { options, ports, client: () => client },
      service("postal-ground"),
      cartOf([
        { product: "shirt", quantity: 1 },
        { product: "oven", quantity: 3 },
      ]),
      fromShelton
    )
    // One parcel from Shelton, three 25 kg ovens as three parcels from Austin.
    expect(
      check.parcels?.map((p) => p.built.request.fromAddress.postalCode)
    ).toEqual(["06484", "78701", "78701", "78701"])
    const asked: string[] = []
    const deps: PricingDeps = {
      client: () => ({
        getRates: async (request) => {
          asked.push(request.fromAddress.postalCode ?? "")
          const amount = request.fromAddress.postalCode === "78701" ? 10.1 : 4.2
          return {
            rates: [
              {
                serviceId: "PM",
                totalCarrierCharge: amount,
                currencyCode: "USD",
              },
            ],
          } as never
        },
      }),
      shipments: () => ({
        availability: () => ({ outage: async () => null }) as never,
      }),
      quotes: processQuotes,
      policy: { ttlMs: 60_000, keepMs: 60_000 },
    }
    const price = await priceOption(
      deps,
      service("postal-ground"),
      check.parcels!,
      "usd"
    )
    // One rates call per distinct parcel (the three ovens' are one question), from each origin.
    expect(asked.sort()).toEqual(["06484", "78701"])
    expect(price).toMatchObject({ amount: 34.5, source: "live" })
  })
})

describe("a shop of one stock location", () => {
  it("reads no stock and ships everything from the option's location, the configured origin standing in for its address", async () => {
    const { ports, reads } = portsOf([shelton], [])
    const check = await checkCart(
      { options, ports, client: () => client },
      service("postal-ground"),
      cartOf([{ product: "shirt", quantity: 1 }]),
      { id: shelton.id, address: null }
    )
    expect(reads.stock).toBe(0)
    expect(check.problems).toEqual([])
    expect(check.parcels?.[0]?.built.request.fromAddress.postalCode).toBe(
      options.origin?.postalCode
    )
  })
})

describe("warehousesOfCart", () => {
  const locations = [
    shelton,
    austin,
    { ...austin, id: "sloc_outlet", sales_channel_ids: ["sc_outlet"] },
  ]
  const world = fc.record({
    lines: fc.array(
      fc.record({
        variant: fc.constantFrom("shirt", "candle", "oven"),
        quantity: fc.integer({ min: 1, max: 4 }),
        ships: fc.boolean(),
      }),
      { maxLength: 6 }
    ),
    levels: fc.array(
      fc.record({
        variant: fc.constantFrom("shirt", "candle", "oven"),
        location: fc.constantFrom("sloc_shelton", "sloc_austin", "sloc_outlet"),
        stocked: fc.integer({ min: 0, max: 5 }),
      })
    ),
    managed: fc.subarray(["shirt", "candle", "oven"]),
  })

  it("puts every shipped line in one warehouse of the cart's channel or the option's, and no other line", () => {
    fc.assert(
      fc.property(world, ({ lines, levels, managed }) => {
        const cartLines = lines.map((l, i) => ({
          id: `cali_${i}`,
          variant_id: l.variant,
          quantity: l.quantity,
        }))
        const shipped = cartLines
          .filter((_, i) => lines[i]!.ships)
          .map((l) => l.id)
        const stock: VariantStock[] = ["shirt", "candle", "oven"].map((v) => ({
          id: v,
          manage_inventory: managed.includes(v),
          inventory_items: [
            {
              inventory_item_id: `ii_${v}`,
              location_levels: [
                ...new Map(
                  levels
                    .filter((l) => l.variant === v)
                    .map((l) => [
                      l.location,
                      { location_id: l.location, stocked_quantity: l.stocked },
                    ])
                ).values(),
              ],
            },
          ],
        }))
        const out = warehousesOfCart({
          lines: cartLines,
          shipped,
          option: fromShelton,
          locations,
          sales_channel_id: SC,
          stock,
        })
        expect(out.several).toBe(true)
        expect(out.groups.flatMap((g) => g.line_ids).sort()).toEqual(
          [...shipped].sort()
        )
        for (const g of out.groups) {
          expect(["sloc_shelton", "sloc_austin"]).toContain(g.warehouse.id)
          expect(g.line_ids.length).toBeGreaterThan(0)
        }
      })
    )
  })

  it("needs the stock only when the channel has a location besides the option's", () => {
    expect(stockDecides([shelton], SC, shelton.id)).toBe(false)
    expect(stockDecides([shelton, austin], SC, shelton.id)).toBe(true)
    expect(
      stockDecides(
        [shelton, { ...austin, sales_channel_ids: ["sc_outlet"] }],
        SC,
        shelton.id
      )
    ).toBe(false)
    expect(stockDecides([shelton, austin], null, shelton.id)).toBe(false)
  })
})
