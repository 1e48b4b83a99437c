import { WAREHOUSE_ADDRESS } from "../../../../dev/seed/store"
import { sharedShippingClient } from "../../../options/shipping-client"
import {
  checkoutCorpus,
  corpusCheckoutCart,
  corpusOptions,
  corpusVariants,
  cartsFromRuleExamples,
  fixedCart,
  type CorpusCart,
} from "../__fixtures__/checkout-corpus"
import { checkCart } from "../checkout"

const options = corpusOptions()
const client = sharedShippingClient(options)

const ports = {
  variants: corpusVariants,
  async products() {
    return []
  },
  // A shop of one location: parcels leave from the option's, no stock is read.
  async shopLocations() {
    return []
  },
  async variantStock(): Promise<never[]> {
    throw new Error("a shop of one location reads no stock")
  },
}

const serviceOf = (id: string) => options.services.find((s) => s.id === id)!

async function dryRun(c: CorpusCart) {
  return checkCart(
    { options, ports, client: () => client },
    serviceOf(c.service),
    corpusCheckoutCart(c),
    { id: "sloc_shelton", address: WAREHOUSE_ADDRESS }
  )
}

describe("checkout's dry run on carts the service would refuse", () => {
  const corpus = checkoutCorpus()

  it("holds at least 30 carts, flat and calculated, domestic and cross-border, several parcels", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30)
    expect(new Set(corpus.map((c) => c.price))).toEqual(
      new Set(["flat", "calculated"])
    )
    expect(corpus.some((c) => c.service === "cross-border")).toBe(true)
    expect(corpus.some((c) => c.address.country_code === "us")).toBe(true)
    expect(
      corpus.filter((c) => c.name.startsWith("several parcels")).length
    ).toBeGreaterThanOrEqual(3)
  })

  it("generates the address carts from the rules' failing examples", () => {
    const generated = cartsFromRuleExamples()
    expect(generated.length).toBeGreaterThanOrEqual(6)
    expect(generated.map((c) => c.refused.rule)).toEqual(
      expect.arrayContaining([
        "address.required-fields",
        "address.cross-border.name-first-last",
        "address.cross-border.canada-stateProvince",
        "address.standard.domestic",
        "address.cross-border.destination-abroad",
      ])
    )
  })

  it.each(corpus.map((c) => [c.name, c] as const))(
    "refuses: %s",
    async (_name, c) => {
      const check = await dryRun(c)
      const found = check.problems.find((p) => p.rule === c.refused.rule)
      if (!found)
        throw new Error(
          `expected ${c.refused.rule}, got ${JSON.stringify(check.problems, null, 2)}`
        )
      expect(found.fix).toBe(c.refused.fix)
      if (c.refused.field) expect(found.field).toBe(c.refused.field)
      if (c.refused.fix === "customer")
        expect(found.field).toMatch(
          /^(shipping_address\.|metadata\.|items|email)/
        )
      expect(found.message.length).toBeGreaterThan(8)
      if (found.field === "items")
        expect(found.item_ids?.length).toBeGreaterThan(0)
      // Words for the shopper: no rule ids, no request paths.
      expect(found.message).not.toMatch(/toAddress|customsItems|\[|\]/)
    }
  )

  it.each(corpus.map((c) => [c.name, c] as const))(
    "passes once fixed: %s",
    async (_name, c) => {
      const check = await dryRun(fixedCart(c))
      expect(check.problems).toEqual([])
      expect(check.parcels?.length).toBeGreaterThanOrEqual(1)
    }
  )
})
