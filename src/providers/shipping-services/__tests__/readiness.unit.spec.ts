import { WAREHOUSE_ADDRESS } from "../../../../dev/seed/store"
import { sharedShippingClient } from "../../../options/shipping-client"
import {
  CORPUS_PRODUCTS,
  corpusOptions,
  type ProductKey,
} from "../__fixtures__/checkout-corpus"
import type { VariantLike } from "../mapping/types"
import { catalogReadiness, ORIGIN_ADVICE } from "../readiness"

const options = corpusOptions()
const deps = { options, client: () => sharedShippingClient(options) }

const variantOf = (key: ProductKey): VariantLike => {
  const {
    title,
    price: _p,
    ...fields
  } = CORPUS_PRODUCTS[key] as Record<string, any>
  return {
    id: `variant_${key}`,
    title: "Default",
    sku: key,
    ...fields,
    product: { id: `prod_${key}`, title },
  }
}

const rulesOf = async (key: ProductKey) => {
  const [found] = await catalogReadiness(
    deps,
    [variantOf(key)],
    WAREHOUSE_ADDRESS
  )
  return found
}

describe("which variants cannot ship with the configured services", () => {
  it("lists nothing for a variant with weight, sizes, HS code and origin", async () => {
    expect(await rulesOf("shirt")).toBeUndefined()
  })

  it("names a missing weight for every service, domestic and abroad", async () => {
    const found = await rulesOf("candleNoWeight")
    expect(found?.problems.length).toBeGreaterThan(0)
    expect(new Set(found!.problems.map((p) => p.rule))).toEqual(
      new Set(["builder.item.weight.missing"])
    )
    expect(new Set(found!.problems.map((p) => p.service_id))).toEqual(
      new Set(options.services.filter((s) => !s.isReturn).map((s) => s.id))
    )
    expect(found!.problems[0].message).toMatch(/has no weight/)
    expect(found!.problems.every((p) => p.severity === "error")).toBe(true)
  })

  it("names a missing HS code for the EU with cross-border only", async () => {
    const found = await rulesOf("scarfNoHs")
    expect(found!.problems).toEqual([
      expect.objectContaining({
        service_id: "cross-border",
        destination: "EU (DE)",
        rule: "customs-item.hSTariffCode.eu-required",
        severity: "error",
      }),
    ])
  })

  it("names a malformed origin and an item over a parcel's limits", async () => {
    expect(
      (await rulesOf("teapotBadOrigin"))!.problems.map((p) => p.rule)
    ).toContain("customs-item.originCountryCode.format")
    const anvil = await rulesOf("anvil")
    expect(new Set(anvil!.problems.map((p) => p.rule))).toEqual(
      new Set(["packing.item.over-limit"])
    )
  })

  it("advises an origin country for services that carry customs", async () => {
    const { origin_country: _o, ...noOrigin } = variantOf("shirt")
    const [found] = await catalogReadiness(
      deps,
      [{ ...noOrigin, id: "variant_no_origin" }],
      WAREHOUSE_ADDRESS
    )
    expect(found.problems.every((p) => p.severity === "advice")).toBe(true)
    expect(found.problems.map((p) => p.rule)).toContain(ORIGIN_ADVICE)
  })

  it("checks variants with the same catalog data once", async () => {
    // Counted, not timed: a time bound passes on a quiet machine and can fail on a loaded one.
    const run = async (key: ProductKey, count: number) => {
      let checks = 0
      const client = sharedShippingClient(options)
      const counting = {
        options,
        client: () => ({
          checkShipment: ((...args) => {
            checks++
            return client.checkShipment(...args)
          }) as typeof client.checkShipment,
        }),
      }
      const variants = Array.from({ length: count }, (_, i) => ({
        ...variantOf(key),
        id: `variant_${i}`,
      }))
      const found = await catalogReadiness(
        counting,
        variants,
        WAREHOUSE_ADDRESS
      )
      return { found, checks }
    }
    const one = await run("shirt", 1)
    expect(one.checks).toBeGreaterThan(0)
    expect((await run("shirt", 500)).checks).toBe(one.checks)
    // Each variant is still answered for.
    expect((await run("candleNoWeight", 500)).found).toHaveLength(500)
  })
})
