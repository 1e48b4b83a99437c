import { httpTestRunner } from "../helpers/runner"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  addLocation,
  addProduct,
  ADDRESSES,
  AUSTIN_WAREHOUSE_ADDRESS,
  CATALOG,
  payAndComplete,
  setupBasics,
  type StoreBasics,
} from "../../dev/seed/store"
import { waitFor } from "../../dev/wait"
import {
  CHECKOUT_REFUSED_CODE,
  LOCATION_ADDRESS_RULE,
} from "../../src/providers/shipping-services/checkout"
import type { SetupPlan } from "../../src/lib/setup-shipping/types"
import type { CartCheck } from "../../src/orchestration/checkout/checkout-check"
import { adminHeaders } from "../helpers/admin"
import { explainHttpErrors } from "../helpers/errors"
import { serviceProxy, type ProxiedCall } from "../helpers/service-proxy"

jest.setTimeout(600_000)

/**
 * Checkout across several warehouses (docs/fulfillment.md "Several warehouses: checkout"): two
 * stock locations, A in Shelton CT 06484 and B in Austin TX 78701, set up in one action; P1
 * stocked only at A, P2 only at B (managed inventory). A cart of one of each is priced as two
 * parcels from two origins, the check route answers per location, Medusa reserves where checkout
 * predicted, and a location without an address refuses its items in words. The plugin talks to
 * the sandbox through a proxy that records what it asked.
 */
let proxy: Awaited<ReturnType<typeof serviceProxy>>
const patchBefore = process.env.SHIPPING_SERVICES_OPTIONS_PATCH

// Before the runner's own beforeAll, which loads medusa-config (and so these options).
beforeAll(async () => {
  proxy = await serviceProxy(process.env.SHIPPING_SERVICES_BASE_URL!)
  process.env.SHIPPING_SERVICES_OPTIONS_PATCH = JSON.stringify({
    roots: { baseUrl: proxy.url },
    // What is measured is checkout; the orders buy no labels.
    autoFulfill: { enabled: false },
  })
})

afterAll(async () => {
  if (patchBefore === undefined)
    delete process.env.SHIPPING_SERVICES_OPTIONS_PATCH
  else process.env.SHIPPING_SERVICES_OPTIONS_PATCH = patchBefore
  await proxy?.close()
})

/** The rates requests for one service id since `from` (an index into the proxy's calls). */
const ratesCalls = (serviceId: string, from: number): ProxiedCall[] =>
  proxy.calls
    .slice(from)
    .filter(
      (c) =>
        c.method === "POST" &&
        /\/rates$/.test(c.path.split("?")[0]!) &&
        (c.body as { rates?: { serviceId?: string }[] })?.rates?.[0]
          ?.serviceId === serviceId
    )

const postalCodeOf = (c: ProxiedCall) =>
  (c.body as { fromAddress: { postalCode: string } }).fromAddress.postalCode

httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: { headers: Record<string, string> }
    let store: StoreBasics
    let pk: { headers: Record<string, string> }
    let austinId: string
    let preview: SetupPlan
    let applied: { applied: boolean; plan: SetupPlan }
    const products: Record<string, { variantId: string }> = {}

    const query = () =>
      (getContainer() as MedusaContainer).resolve(
        ContainerRegistrationKeys.QUERY
      )

    beforeAll(async () => {
      explainHttpErrors(api)
      admin = await adminHeaders(getContainer())
      store = await setupBasics(api, admin)
      pk = { headers: { "x-publishable-api-key": store.publishableKey } }
      austinId = await addLocation(api, admin, store, {
        name: "Austin warehouse",
        address: AUSTIN_WAREHOUSE_ADDRESS,
      })
      const [shirt, mug] = CATALOG
      const stocked = async (
        key: string,
        base: (typeof CATALOG)[number],
        stock: Record<string, number>
      ) => {
        products[key] = await addProduct(
          api,
          admin,
          store,
          {
            ...base,
            title: `${base.title} (${key})`,
            handle: `${base.handle}-${key}`,
            sku: `${base.sku}-${key}`,
          },
          stock
        )
      }
      await stocked("p1", shirt!, { [store.locationId]: 10 })
      await stocked("p2", mug!, { [austinId]: 10 })
      // One in Shelton, ten in Austin: two of them are reserved in Austin.
      await stocked("p3", mug!, { [store.locationId]: 1, [austinId]: 10 })
      // Shipping set up in one action, as README says (every test starts from here).
      preview = (await api.get("/admin/shipping-services/setup", admin)).data
        .plan as SetupPlan
      applied = (await api.post("/admin/shipping-services/setup", {}, admin))
        .data
    })

    async function cartOf(items: { variantId: string; quantity: number }[]) {
      const { data } = await api.post(
        "/store/carts",
        {
          region_id: store.regions.us,
          sales_channel_id: store.salesChannelId,
          email: "shopper@example.com",
          items: items.map((i) => ({
            variant_id: i.variantId,
            quantity: i.quantity,
          })),
          shipping_address: ADDRESSES.newYork,
          billing_address: ADDRESSES.newYork,
        },
        pk
      )
      return data.cart as {
        id: string
        items: { id: string; variant_id: string }[]
      }
    }

    const lineOf = (
      cart: { items: { id: string; variant_id: string }[] },
      key: string
    ) => cart.items.find((i) => i.variant_id === products[key]!.variantId)!.id

    const check = async (cartId: string, optionId: string) =>
      (
        await api.post(
          `/store/shipping-services/carts/${cartId}/check`,
          { option_id: optionId },
          pk
        )
      ).data as CartCheck

    /** Where Medusa reserved each of the order's lines. */
    async function reservedAt(orderItemIds: string[]) {
      const { data } = await query().graph({
        entity: "reservation",
        fields: ["line_item_id", "location_id"],
        filters: { line_item_id: orderItemIds },
      })
      return new Map(
        (data as { line_item_id: string; location_id: string }[]).map((r) => [
          r.line_item_id,
          r.location_id,
        ])
      )
    }

    /** Shelton's Postal Ground Advantage: the option shoppers see. */
    let groundId: string
    beforeAll(async () => {
      const { data } = await query().graph({
        entity: "shipping_option",
        fields: ["id", "data", "service_zone.fulfillment_set.location.id"],
      })
      groundId = (data as any[]).find(
        (o) =>
          o.data?.id === "postal-ground" &&
          o.service_zone.fulfillment_set.location.id === store.locationId
      ).id
    })

    it("sets up both warehouses in one action: each linked to the provider with its set and zones; shoppers see each service once", async () => {
      expect(preview.ready).toBe(true)
      expect(preview.locations.map((l) => [l.id, l.provider_link])).toEqual([
        [store.locationId, "create"],
        [austinId, "create"],
      ])
      expect(applied.applied).toBe(true)
      // Applied as previewed.
      expect(applied.plan.to_create).toEqual(preview.to_create)

      const { data: locations } = await query().graph({
        entity: "stock_location",
        fields: [
          "id",
          "fulfillment_providers.id",
          "fulfillment_sets.service_zones.geo_zones.country_code",
          "fulfillment_sets.service_zones.shipping_options.id",
          "fulfillment_sets.service_zones.shipping_options.data",
          "fulfillment_sets.service_zones.shipping_options.rules.attribute",
          "fulfillment_sets.service_zones.shipping_options.rules.value",
        ],
        filters: { id: [store.locationId, austinId] },
      })
      const optionsAt = (id: string) =>
        (locations as any[])
          .find((l) => l.id === id)
          .fulfillment_sets.flatMap((s: any) =>
            s.service_zones.flatMap((z: any) => z.shipping_options)
          )
      const inStore = (o: any) =>
        o.rules.find((r: any) => r.attribute === "enabled_in_store").value
      for (const l of locations as any[]) {
        expect(l.fulfillment_providers.map((p: any) => p.id)).toContain(
          "shipping-services_shipping-services"
        )
        const countries = l.fulfillment_sets
          .flatMap((s: any) => s.service_zones)
          .flatMap((z: any) => z.geo_zones.map((g: any) => g.country_code))
        expect(countries).toContain("us")
      }
      expect(optionsAt(store.locationId).map(inStore)).not.toContain("false")
      expect(optionsAt(austinId).length).toBe(
        optionsAt(store.locationId).length
      )
      // Austin fulfills with them in the admin; shoppers do not see them twice.
      expect(optionsAt(austinId).map(inStore)).not.toContain("true")
      expect(
        optionsAt(store.locationId).find(
          (o: any) => o.data.id === "postal-ground"
        ).id
      ).toBe(groundId)

      const cart = await cartOf([
        { variantId: products.p1!.variantId, quantity: 1 },
      ])
      const { data: offered } = await api.get(
        `/store/shipping-options?cart_id=${cart.id}`,
        pk
      )
      const names = offered.shipping_options.map((o: any) => o.name)
      expect(names.length).toBeGreaterThan(0)
      expect(new Set(names).size).toBe(names.length)
    })

    it("prices a cart of one item from each warehouse as two parcels from two origins, and the check answers per location", async () => {
      const from = proxy.calls.length
      const cart = await cartOf([
        { variantId: products.p1!.variantId, quantity: 1 },
        { variantId: products.p2!.variantId, quantity: 1 },
      ])
      const { data: priced } = await api.post(
        `/store/shipping-options/${groundId}/calculate`,
        { cart_id: cart.id },
        pk
      )
      const calls = ratesCalls("UGA", from)
      // One rates request per parcel of this cart state, each from its own warehouse.
      expect(calls.map(postalCodeOf).sort()).toEqual(["06484", "78701"])
      const charged = calls.map(
        (c) =>
          (c.answer as any).rates.find((r: any) => r.serviceId === "UGA")
            .totalCarrierCharge as number
      )
      expect(priced.shipping_option.amount).toBeCloseTo(
        charged.reduce((a, b) => a + b, 0),
        2
      )

      const answer = await check(cart.id, groundId)
      expect(answer).toMatchObject({ shippable: true, problems: [] })
      expect(
        answer.locations.map((l) => [l.location_id, l.item_ids, l.shippable])
      ).toEqual([
        [store.locationId, [lineOf(cart, "p1")], true],
        [austinId, [lineOf(cart, "p2")], true],
      ])

      // The delivery promise combines both parcels' quotes (nothing more asked).
      const { data: promises } = await api.get(
        `/store/shipping-services/carts/${cart.id}/delivery-promises`,
        pk
      )
      expect(
        promises.delivery_promises.find(
          (p: any) => p.shipping_option_id === groundId
        ).estimated_delivery
      ).not.toBeNull()

      // Choosing it and paying: still the same two questions, and Medusa reserves where
      // checkout said.
      await api.post(
        `/store/carts/${cart.id}/shipping-methods`,
        { option_id: groundId },
        pk
      )
      const order = await payAndComplete(api, cart.id, pk)
      expect(ratesCalls("UGA", from)).toHaveLength(2)
      const reserved = await reservedAt(order.items.map((i) => i.id))
      const orderLine = (key: string) =>
        order.items.find((i: any) => i.variant_id === products[key]!.variantId)!
          .id
      expect(reserved.get(orderLine("p1"))).toBe(store.locationId)
      expect(reserved.get(orderLine("p2"))).toBe(austinId)
    })

    it("plans a line from the next warehouse when the first has too few, as Medusa then reserves it", async () => {
      const cart = await cartOf([
        { variantId: products.p3!.variantId, quantity: 2 },
        { variantId: products.p1!.variantId, quantity: 1 },
      ])
      const answer = await check(cart.id, groundId)
      expect(answer.shippable).toBe(true)
      expect(answer.locations.map((l) => [l.location_id, l.item_ids])).toEqual([
        [austinId, [lineOf(cart, "p3")]],
        [store.locationId, [lineOf(cart, "p1")]],
      ])
      await api.post(
        `/store/carts/${cart.id}/shipping-methods`,
        { option_id: groundId },
        pk
      )
      const order = await payAndComplete(api, cart.id, pk)
      const reserved = await reservedAt(order.items.map((i) => i.id))
      const p3 = order.items.find(
        (i: any) => i.variant_id === products.p3!.variantId
      )!.id
      expect(reserved.get(p3)).toBe(austinId)
    })

    it("refuses in words the items of a warehouse without an address, and the setup names it without blocking", async () => {
      const bareId = await addLocation(api, admin, store, {
        name: "Returns room",
      })
      const [, , oven] = CATALOG
      const p4 = await addProduct(
        api,
        admin,
        store,
        { ...oven!, handle: "oven-p4", sku: "OVEN-P4" },
        { [bareId]: 5 }
      )
      const { data: c } = await api.post(
        "/store/carts",
        {
          region_id: store.regions.us,
          sales_channel_id: store.salesChannelId,
          email: "shopper@example.com",
          items: [
            { variant_id: products.p1!.variantId, quantity: 1 },
            { variant_id: p4.variantId, quantity: 1 },
          ],
          shipping_address: ADDRESSES.newYork,
        },
        pk
      )
      const ovenLine = c.cart.items.find(
        (i: any) => i.variant_id === p4.variantId
      ).id
      // The shop's locations are remembered up to a minute per process (a new sales channel
      // link sends no event).
      const refused = await waitFor(
        async () => {
          const answer = await check(c.cart.id, groundId)
          return answer.shippable ? undefined : answer
        },
        "the check to know the location without an address",
        75_000,
        1_000
      )
      expect(refused.problems).toEqual([
        expect.objectContaining({
          field: "items",
          item_ids: [ovenLine],
          fix: "merchant",
          rule: LOCATION_ADDRESS_RULE,
          message: expect.stringMatching(
            /^"Cast-Iron Dutch Oven" cannot be shipped with Postal Ground Advantage: choose another shipping option, or remove it$/
          ),
        }),
      ])
      expect(
        refused.locations.map((l) => [l.location_id, l.shippable])
      ).toEqual([
        [store.locationId, true],
        [bareId, false],
      ])
      const chosen = await api
        .post(
          `/store/carts/${c.cart.id}/shipping-methods`,
          { option_id: groundId },
          pk
        )
        .catch((e: any) => e.response)
      expect(chosen.status).toBe(400)
      expect(chosen.data.code).toBe(CHECKOUT_REFUSED_CODE)
      expect(chosen.data.message).toContain(
        '"Cast-Iron Dutch Oven" cannot be shipped with Postal Ground Advantage'
      )

      const { data: preview } = await api.get(
        "/admin/shipping-services/setup",
        admin
      )
      const plan = preview.plan as SetupPlan
      expect(plan.blocking).toEqual([])
      expect(plan.notes.join(" ")).toMatch(
        /Stock location “Returns room” has no address with a country: nothing is set up from it/
      )
      expect(plan.locations.map((l) => l.id)).not.toContain(bareId)
    })
  },
})
