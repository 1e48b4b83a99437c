import { httpTestRunner } from "../helpers/runner"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ADDRESSES,
  CATALOG,
  placeOrder,
  WAREHOUSE_ADDRESS,
  type StoreSetup,
} from "../../dev/seed/store"
import { publishableKeyFor, usdRegion } from "../../dev/seed/admin-steps"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import type { SetupPlan } from "../../src/lib/setup-shipping/types"
import { setupShippingWorkflow } from "../../src/workflows/setup-shipping"
import setupShippingScript from "../../src/scripts/setup-shipping"
import { adminHeaders } from "../helpers/admin"
import { explainHttpErrors } from "../helpers/errors"
import { labelOf } from "../helpers/labels"

jest.setTimeout(600_000)

const ROUTE = "/admin/shipping-services/setup"
const PROVIDER_ID = "shipping-services_shipping-services"

/**
 * Set up shipping in one action (docs/admin.md): a store with regions, a warehouse with an
 * address and products, and nothing else: no shipping profile, no link of the warehouse to the
 * provider or a sales channel, no fulfillment set, zone or option. The development options
 * configure six services (dev/app-options.ts); the sandbox answers the rates questions.
 */
httpTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    let admin: { headers: Record<string, string> }
    let salesChannelId: string
    let publishableKey: string
    let locationId: string
    const regions: Record<string, string> = {}
    const products: { id: string; variantId: string }[] = []

    const container = () => getContainer() as MedusaContainer
    const query = () => container().resolve(ContainerRegistrationKeys.QUERY)

    /** Everything the setup could create, counted from the database. */
    async function counts() {
      const q = query()
      const [sets, zones, geo, options, profiles, locations] =
        await Promise.all([
          q.graph({ entity: "fulfillment_set", fields: ["id"] }),
          q.graph({ entity: "service_zone", fields: ["id"] }),
          q.graph({ entity: "geo_zone", fields: ["id"] }),
          q.graph({ entity: "shipping_option", fields: ["id"] }),
          q.graph({ entity: "shipping_profile", fields: ["id"] }),
          q.graph({
            entity: "stock_location",
            fields: ["id", "fulfillment_providers.id", "sales_channels.id"],
          }),
        ])
      return {
        fulfillment_sets: sets.data.length,
        service_zones: zones.data.length,
        geo_zones: geo.data.length,
        shipping_options: options.data.length,
        shipping_profiles: profiles.data.length,
        provider_links: locations.data.flatMap(
          (l: any) => l.fulfillment_providers ?? []
        ).length,
        sales_channel_links: locations.data.flatMap(
          (l: any) => l.sales_channels ?? []
        ).length,
      }
    }

    async function shippingOptions() {
      const { data } = await query().graph({
        entity: "shipping_option",
        fields: [
          "id",
          "name",
          "price_type",
          "provider_id",
          "data",
          "metadata",
          "shipping_profile_id",
          "service_zone.name",
          "service_zone.geo_zones.country_code",
          "prices.amount",
          "prices.currency_code",
          "rules.attribute",
          "rules.value",
        ],
      })
      return data as any[]
    }

    const ours = (o: any) => o.metadata?.shipping_services_setup
    const keyOf = (o: any) =>
      `${ours(o).service}|${ours(o).lane}` as `${string}|${string}`

    const preview = async (q = "") =>
      (await api.get(`${ROUTE}${q}`, admin)).data.plan as SetupPlan
    const apply = (body: Record<string, unknown> = {}) =>
      api.post(ROUTE, body, admin)
    const refused = (body: Record<string, unknown> = {}) =>
      api.post(ROUTE, body, admin).then(
        (r: any) => {
          throw new Error(`expected a refusal, got ${r.status}`)
        },
        (e: any) => e.response as { status: number; data: any }
      )

    beforeAll(async () => {
      explainHttpErrors(api)
      admin = await adminHeaders(getContainer())
      const { data: stores } = await api.get("/admin/stores", admin)
      salesChannelId = stores.stores[0].default_sales_channel_id
      publishableKey = await publishableKeyFor(api, admin, salesChannelId)
      for (const [name, countries] of [
        ["us", ["us"]],
        ["international", ["gb", "de", "fr", "ca"]],
      ] as const) {
        regions[name] = await usdRegion(api, admin, name, countries)
      }
      const { data: loc } = await api.post(
        "/admin/stock-locations",
        { name: "Shelton warehouse", address: WAREHOUSE_ADDRESS },
        admin
      )
      locationId = loc.stock_location.id
      // Products made before any shipping profile exists: in none.
      for (const p of CATALOG.slice(0, 2)) {
        const { data } = await api.post(
          "/admin/products",
          {
            title: p.title,
            handle: p.handle,
            status: "published",
            sales_channels: [{ id: salesChannelId }],
            options: [{ title: "Style", values: ["Default"] }],
            variants: [
              {
                title: "Default",
                sku: p.sku,
                manage_inventory: false,
                options: { Style: "Default" },
                prices: [{ currency_code: "usd", amount: p.price }],
                ...p.variant,
              },
            ],
          },
          admin
        )
        products.push({
          id: data.product.id,
          variantId: data.product.variants[0].id,
        })
      }
    })

    const DOMESTIC = [
      "postal-ground",
      "postal-priority",
      "standard",
      "carrier-account",
      "postal-return",
      "postal-return-qr",
    ]
    const EXPECTED = [
      ...DOMESTIC.map((s) => `${s}|domestic`),
      "postal-priority|cross-border",
      "cross-border|cross-border",
    ].sort()

    it("previews what it would create, with what is not offered and why, and creates nothing", async () => {
      const before = await counts()
      const plan = await preview()
      expect(plan.ready).toBe(true)
      expect(plan.missing).toEqual([])
      expect(plan.shipping_profile).toEqual({
        action: "create",
        id: null,
        name: "Default Shipping Profile",
      })
      const [location] = plan.locations
      expect(location).toMatchObject({
        id: locationId,
        country_code: "us",
        provider_link: "create",
        sales_channel_link: {
          action: "create",
          sales_channel_id: salesChannelId,
        },
        fulfillment_set: {
          action: "create",
          name: "Shelton warehouse shipping",
        },
      })
      expect(location.zones).toEqual([
        {
          lane: "domestic",
          action: "create",
          id: null,
          name: "Shelton warehouse – Domestic",
          countries: ["us"],
          add_countries: [],
        },
        {
          lane: "cross-border",
          action: "create",
          id: null,
          name: "Shelton warehouse – Cross-border",
          countries: ["ca", "de", "fr", "gb"],
          add_countries: [],
        },
      ])
      const creates = location.options.filter((o) => o.status === "create")
      expect(creates.map((o) => `${o.service}|${o.lane}`).sort()).toEqual(
        EXPECTED
      )
      for (const o of creates)
        expect(o).toMatchObject({
          price_type: "calculated",
          rate_currency: "usd",
          amounts_needed: [],
        })
      const notOffered = Object.fromEntries(
        location.options
          .filter((o) => o.status === "not_offered")
          .map((o) => [`${o.service}|${o.lane}`, o.reason])
      )
      // The documents' lane rules, and what the rates operation rates on the lane.
      expect(notOffered["standard|cross-border"]).toMatch(
        /standard delivery is domestic only/
      )
      expect(notOffered["cross-border|domestic"]).toMatch(
        /destination must be abroad/
      )
      expect(notOffered["postal-ground|cross-border"]).toMatch(
        /rates no UGA from US to CA/
      )
      expect(notOffered["carrier-account|cross-border"]).toMatch(/rates no NDA/)
      expect(plan.to_create).toEqual({
        shipping_profile: 1,
        provider_links: 1,
        sales_channel_links: 1,
        fulfillment_sets: 1,
        service_zones: 2,
        geo_zones: 0,
        shipping_options: EXPECTED.length,
      })
      // Medusa 2.21 refuses to check out a product in no shipping profile: the preview says so.
      expect(plan.notes.join(" ")).toMatch(
        /2 product\(s\) are in no shipping profile \(“Medusa T-Shirt”, “Ceramic Mug”\)/
      )
      expect(await counts()).toEqual(before)
    })

    it("applies the plan through Medusa's workflows and marks what it made; a second run creates nothing", async () => {
      const before = await counts()
      const { status, data } = await apply()
      expect(status).toBe(201)
      expect(data.applied).toBe(true)
      expect(data.created.shipping_option_ids).toHaveLength(EXPECTED.length)
      expect(await counts()).toEqual({
        ...before,
        fulfillment_sets: before.fulfillment_sets + 1,
        service_zones: before.service_zones + 2,
        geo_zones: before.geo_zones + 5,
        shipping_options: before.shipping_options + EXPECTED.length,
        shipping_profiles: before.shipping_profiles + 1,
        provider_links: before.provider_links + 1,
        sales_channel_links: before.sales_channel_links + 1,
      })
      const options = await shippingOptions()
      expect(options.map(keyOf).sort()).toEqual(EXPECTED)
      for (const o of options) {
        expect(o.provider_id).toBe(PROVIDER_ID)
        expect(o.price_type).toBe("calculated")
        expect(o.shipping_profile_id).toBe(data.created.shipping_profile_id)
        expect(o.data.id).toBe(ours(o).service)
        expect(ours(o)).toEqual({
          service: o.data.id,
          lane: ours(o).lane,
          location_id: locationId,
          version: 1,
        })
        const isReturn = o.rules.find(
          (r: any) => r.attribute === "is_return"
        ).value
        expect(isReturn).toBe(
          o.data.id.startsWith("postal-return") ? "true" : "false"
        )
      }
      // Nothing secret in what the store API exposes of an option.
      expect(JSON.stringify(options.map((o) => o.data))).not.toMatch(
        /sandbox-secret|sandbox-key|apiSecret|apiKey/
      )

      const again = await apply()
      expect(again.status).toBe(200)
      expect(again.data.applied).toBe(false)
      expect(Object.values(again.data.plan.to_create)).toEqual([
        0, 0, 0, 0, 0, 0, 0,
      ])
      const statuses = (again.data.plan as SetupPlan).locations[0].options
        .filter((o) => o.status !== "not_offered")
        .map((o) => o.status)
      expect(new Set(statuses)).toEqual(new Set(["exists"]))
      expect((await shippingOptions()).length).toBe(EXPECTED.length)
    })

    it("adds only the missing option when one service has none (as for a newly configured service)", async () => {
      await apply()
      const priority = (await shippingOptions()).find(
        (o) => keyOf(o) === "postal-priority|cross-border"
      )
      await api.delete(`/admin/shipping-options/${priority.id}`, admin)
      const before = await counts()
      const plan = await preview()
      expect(plan.to_create).toEqual({
        shipping_profile: 0,
        provider_links: 0,
        sales_channel_links: 0,
        fulfillment_sets: 0,
        service_zones: 0,
        geo_zones: 0,
        shipping_options: 1,
      })
      const { data } = await apply()
      expect(data.created.shipping_option_ids).toHaveLength(1)
      expect(await counts()).toEqual({
        ...before,
        shipping_options: before.shipping_options + 1,
      })
      const made = (await shippingOptions()).find(
        (o) => o.id === data.created.shipping_option_ids[0]
      )
      expect(keyOf(made)).toBe("postal-priority|cross-border")
      expect(made.service_zone.name).toBe("Shelton warehouse – Cross-border")
    })

    it("never touches options it did not make: a merchant's set, zone and options stay as they were", async () => {
      // The merchant made some of it by hand: the shipping set, a zone, a pickup option of the
      // manual provider and a flat Ground option of this provider.
      await api.post(
        `/admin/stock-locations/${locationId}/fulfillment-providers`,
        { add: [PROVIDER_ID, "manual_manual"] },
        admin
      )
      const { data: withSet } = await api.post(
        `/admin/stock-locations/${locationId}/fulfillment-sets?fields=id,*fulfillment_sets`,
        { name: "Merchant shipping", type: "shipping" },
        admin
      )
      const setId = withSet.stock_location.fulfillment_sets[0].id
      const { data: z } = await api.post(
        `/admin/fulfillment-sets/${setId}/service-zones`,
        {
          name: "Merchant US",
          geo_zones: [{ type: "country", country_code: "us" }],
        },
        admin
      )
      const zoneId = z.fulfillment_set.service_zones[0].id
      const { data: profile } = await api.post(
        "/admin/shipping-profiles",
        { name: "Default", type: "default" },
        admin
      )
      const option = (body: Record<string, unknown>) =>
        api.post(
          "/admin/shipping-options",
          {
            service_zone_id: zoneId,
            shipping_profile_id: profile.shipping_profile.id,
            price_type: "flat",
            prices: [{ currency_code: "usd", amount: 5 }],
            rules: [
              { attribute: "enabled_in_store", value: "true", operator: "eq" },
              { attribute: "is_return", value: "false", operator: "eq" },
            ],
            ...body,
          },
          admin
        )
      const pickup = (
        await option({
          name: "Local pickup",
          provider_id: "manual_manual",
          type: { label: "Pickup", description: "Pickup", code: "pickup" },
          data: { id: "manual-fulfillment" },
        })
      ).data.shipping_option
      const ground = (
        await option({
          name: "Ground (by hand)",
          provider_id: PROVIDER_ID,
          type: { label: "Ground", description: "Ground", code: "ground" },
          data: { id: "postal-ground", name: "Postal Ground Advantage" },
        })
      ).data.shipping_option
      const merchants = async () =>
        (await shippingOptions())
          .filter((o) => [pickup.id, ground.id].includes(o.id))
          .map(
            ({
              id,
              name,
              price_type,
              data,
              metadata,
              prices,
              rules,
              service_zone,
            }) => ({
              id,
              name,
              price_type,
              data,
              metadata,
              prices,
              rules,
              zone: service_zone.name,
            })
          )
      const untouched = await merchants()

      const plan = await preview()
      const [location] = plan.locations
      // The merchant's shipping set is used; the setup's zones go in it.
      expect(location.fulfillment_set).toEqual({
        action: "exists",
        id: setId,
        name: "Merchant shipping",
      })
      expect(location.provider_link).toBe("exists")
      const groundPlan = location.options.find(
        (o) => o.service === "postal-ground" && o.lane === "domestic"
      )!
      expect(groundPlan).toMatchObject({ status: "foreign", id: ground.id })
      expect(plan.to_create.shipping_options).toBe(EXPECTED.length - 1)
      expect(plan.to_create.shipping_profile).toBe(0)

      const { data } = await apply()
      expect(data.created.shipping_option_ids).toHaveLength(EXPECTED.length - 1)
      expect(data.created.shipping_profile_id).toBe(profile.shipping_profile.id)
      expect(await merchants()).toEqual(untouched)
      const all = await shippingOptions()
      expect(all.filter(ours).map(keyOf).sort()).toEqual(
        EXPECTED.filter((k) => k !== "postal-ground|domestic")
      )
      expect(
        (
          await query().graph({
            entity: "fulfillment_set",
            fields: ["id", "service_zones.name"],
          })
        ).data
      ).toEqual([
        {
          id: setId,
          service_zones: expect.arrayContaining([
            expect.objectContaining({ name: "Merchant US" }),
            expect.objectContaining({ name: "Shelton warehouse – Domestic" }),
            expect.objectContaining({
              name: "Shelton warehouse – Cross-border",
            }),
          ]),
        },
      ])
      expect((await apply()).data.applied).toBe(false)
      expect(await merchants()).toEqual(untouched)
    })

    it("refuses in words when no region is in the currency a service prices in, creates nothing, and sets up once the amounts are typed", async () => {
      await api.delete(`/admin/regions/${regions.international}`, admin)
      await api.post(
        "/admin/regions",
        {
          name: "Europe",
          currency_code: "eur",
          countries: ["de", "fr", "gb"],
          payment_providers: ["pp_system_default"],
        },
        admin
      )
      const before = await counts()
      const { status, data } = await refused()
      expect(status).toBe(400)
      expect(data.type).toBe("invalid_data")
      expect(data.message).toMatch(
        /Type a flat amount for “Postal Priority \(with delivery confirmation\)” \(cross-border, from “Shelton warehouse”\) in EUR: the service prices it in USD and no region of its countries is in USD: add a region in USD to calculate its price, or type a flat amount in EUR/
      )
      expect(data.plan.ready).toBe(false)
      // Cross-border duty paid must declare customs in USD from the U.S.: not offered to euro carts.
      const xb = (data.plan as SetupPlan).locations[0].options.find(
        (o) => o.service === "cross-border" && o.lane === "cross-border"
      )!
      expect(xb.status).toBe("not_offered")
      expect(xb.reason).toBe(
        "DE, FR, GB: the region's currency (declared in customs) must be USD for shipments from US"
      )
      // Typing the amount settles what is missing: nothing else blocks.
      expect(data.plan.blocking).toEqual([])
      expect(await counts()).toEqual(before)

      const typed = await apply({
        flat_amounts: [
          {
            service: "postal-priority",
            lane: "cross-border",
            currency_code: "EUR",
            amount: 14.5,
          },
        ],
      })
      expect(typed.status).toBe(201)
      const priority = (await shippingOptions()).find(
        (o) => keyOf(o) === "postal-priority|cross-border"
      )
      expect(priority.price_type).toBe("flat")
      expect(priority.prices).toEqual([
        expect.objectContaining({ currency_code: "eur", amount: 14.5 }),
      ])
      expect(
        priority.service_zone.geo_zones.map((g: any) => g.country_code).sort()
      ).toEqual(["de", "fr", "gb"])
    })

    it("refuses in words a stock location without an address set up alone; beside the warehouse, names it and sets up the warehouse", async () => {
      const { data: bare } = await api.post(
        "/admin/stock-locations",
        { name: "Returns room" },
        admin
      )
      const before = await counts()
      const one = await refused({ location_ids: [bare.stock_location.id] })
      expect(one.status).toBe(400)
      expect(one.data.message).toMatch(
        /Stock location “Returns room” has no address with a country: give it its address/
      )
      const unknown = await refused({ location_ids: ["sloc_nope"] })
      expect(unknown.data.message).toMatch(
        /Stock location sloc_nope does not exist/
      )
      expect(await counts()).toEqual(before)
      // Every location (the default): the warehouse is set up, the room named in the notes.
      const all = await apply()
      expect(all.status).toBe(201)
      expect(all.data.plan.notes.join(" ")).toMatch(
        /Stock location “Returns room” has no address with a country: nothing is set up from it/
      )
      expect((all.data.plan as SetupPlan).locations.map((l) => l.id)).toEqual([
        locationId,
      ])
    })

    it("refuses a malformed body naming the field, and changes nothing", async () => {
      const before = await counts()
      const bad = [
        [
          { flat_amounts: [{ service: "postal-ground", amount: -1 }] },
          /flat_amounts\.0\.amount: must be 0 or more/,
        ],
        [
          { flat_amounts: [{ service: "postal-ground", amount: "8" }] },
          /flat_amounts\.0\.amount/,
        ],
        [
          { flat_amounts: [{ service: "nope", amount: 8 }] },
          /flat_amounts\[0\]\.service: "nope" is not a configured service/,
        ],
        [
          {
            flat_amounts: [
              { service: "postal-ground", currency_code: "dollars", amount: 8 },
            ],
          },
          /flat_amounts\.0\.currency_code: must be a three-letter currency code/,
        ],
        [
          {
            flat_amounts: [
              { service: "postal-ground", lane: "moon", amount: 8 },
            ],
          },
          /flat_amounts\.0\.lane/,
        ],
        [{ location_ids: "sloc_1" }, /location_ids/],
        [{ location_ids: [] }, /location_ids/],
        [{ locations: [locationId] }, /locations/],
        [{ location_ids: ["x".repeat(5000)] }, /location_ids/],
      ] as const
      for (const [body, field] of bad) {
        const { status, data } = await refused(body as Record<string, unknown>)
        expect(status).toBe(400)
        expect(data.message).toMatch(field)
      }
      const { status } = await api
        .get(`${ROUTE}?location_id=${"y".repeat(200)}`, admin)
        .catch((e: any) => e.response)
      expect(status).toBe(400)
      // Admins only.
      for (const call of [api.get(ROUTE), api.post(ROUTE, {})])
        expect((await call.catch((e: any) => e.response)).status).toBe(401)
      expect(await counts()).toEqual(before)
    })

    it("two applies at once create everything once", async () => {
      const results = await Promise.allSettled([apply(), apply(), apply()])
      const statuses = results.map((r) =>
        r.status === "fulfilled" ? r.value.status : r.reason.response?.status
      )
      expect(statuses.filter((s) => s === 201)).toHaveLength(1)
      expect(statuses.every((s) => [200, 201, 409].includes(s))).toBe(true)
      expect((await shippingOptions()).map(keyOf).sort()).toEqual(EXPECTED)
      expect((await counts()).fulfillment_sets).toBe(1)
    })

    it("a failed run leaves nothing behind: each step undoes its own work", async () => {
      const plan = await preview()
      const { setupActionsOf } =
        await import("../../src/orchestration/setup-shipping/actions")
      const shipping = container().resolve<ShippingServicesModuleService>(
        SHIPPING_SERVICES_MODULE
      )
      const actions = setupActionsOf(plan, shipping.getOptions())
      // A calculated option the provider cannot price: createShippingOptionsWorkflow refuses it
      // after the profile, links, set and zones were made.
      actions.shipping_options.push({
        ...actions.shipping_options[0]!,
        name: "Unknown",
        data: { id: "not-a-service" },
      })
      const before = await counts()
      const { errors } = await setupShippingWorkflow(container()).run({
        input: actions,
        throwOnError: false,
      })
      // Medusa's own words (sic).
      expect(errors.map((e) => e.error.message).join(" ")).toMatch(
        /Cannot calcuate pricing for: \[Unknown\]/
      )
      expect(await counts()).toEqual(before)
      // The links, too (Medusa dismisses a link by marking it deleted).
      for (const table of [
        "location_fulfillment_provider",
        "location_fulfillment_set",
        "sales_channel_stock_location",
      ]) {
        const { rows } = await dbConnection.raw(
          `select count(*)::int as n from ${table} where deleted_at is null`
        )
        expect([table, rows[0].n]).toEqual([table, 0])
      }
    })

    it("the command previews with --dry-run, refuses a bad --flat, and sets up", async () => {
      const before = await counts()
      await setupShippingScript({
        container: container(),
        argv: [
          "node",
          "medusa",
          "exec",
          "setup-shipping.js",
          "--",
          "--dry-run",
        ],
      })
      expect(await counts()).toEqual(before)
      await expect(
        setupShippingScript({
          container: container(),
          argv: ["--", "--flat", "postal-ground=eight"],
        })
      ).rejects.toThrow(/--flat postal-ground=eight: expected/)
      await expect(
        setupShippingScript({
          container: container(),
          argv: ["--", "--location", "sloc_nope"],
        })
      ).rejects.toThrow(
        "shipping-services setup: nothing was created, 1 thing(s) missing (listed above)"
      )
      expect(await counts()).toEqual(before)
      await setupShippingScript({
        container: container(),
        argv: ["--", "--location", locationId],
      })
      expect((await shippingOptions()).map(keyOf).sort()).toEqual(EXPECTED)
    })

    it("a shopper lists the options it made for a cart and places an order that gets its label", async () => {
      const { data } = await apply()
      const profileId = data.created.shipping_profile_id
      for (const p of products)
        await api.post(
          `/admin/products/${p.id}`,
          { shipping_profile_id: profileId },
          admin
        )
      const made = await shippingOptions()
      const idOf = (key: string) => made.find((o) => keyOf(o) === key)!.id
      const pk = { headers: { "x-publishable-api-key": publishableKey } }

      const listed = async (
        region: string,
        address: typeof ADDRESSES.newYork
      ) => {
        const { data: c } = await api.post(
          "/store/carts",
          { region_id: regions[region], sales_channel_id: salesChannelId },
          pk
        )
        await api.post(
          `/store/carts/${c.cart.id}/line-items`,
          { variant_id: products[0].variantId, quantity: 1 },
          pk
        )
        await api.post(
          `/store/carts/${c.cart.id}`,
          { shipping_address: address },
          pk
        )
        const { data: so } = await api.get(
          `/store/shipping-options?cart_id=${c.cart.id}`,
          pk
        )
        return { cartId: c.cart.id, options: so.shipping_options as any[] }
      }
      const us = await listed("us", ADDRESSES.newYork)
      expect(us.options.map((o) => o.id).sort()).toEqual(
        DOMESTIC.filter((s) => !s.startsWith("postal-return"))
          .map((s) => idOf(`${s}|domestic`))
          .sort()
      )
      const priced = await api.post(
        `/store/shipping-options/${idOf("postal-ground|domestic")}/calculate`,
        { cart_id: us.cartId },
        pk
      )
      expect(priced.data.shipping_option.amount).toBeGreaterThan(0)
      const gb = await listed("international", ADDRESSES.london)
      expect(gb.options.map((o) => o.id).sort()).toEqual(
        [
          idOf("postal-priority|cross-border"),
          idOf("cross-border|cross-border"),
        ].sort()
      )

      const store: StoreSetup = {
        salesChannelId,
        publishableKey,
        regions: { us: regions.us, international: regions.international },
        locationId,
        shippingProfileId: profileId,
        shippingOptions: Object.fromEntries(made.map((o) => [keyOf(o), o.id])),
        products: products.map((p) => ({ ...p, title: "" })),
      }
      const order = await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground|domestic",
        items: [{ variantId: products[1].variantId, quantity: 1 }],
      })
      const shipping = () =>
        container().resolve<ShippingServicesModuleService>(
          SHIPPING_SERVICES_MODULE
        )
      const label = await labelOf(shipping, order.id)
      expect(label.tracking_number).toMatch(/^9400\d{18}$/)
      expect(label.service_id).toBe("UGA")
      const { data: o } = await api.get(
        `/admin/orders/${order.id}?fields=id,*shipping_methods`,
        admin
      )
      expect(o.order.shipping_methods[0].amount).toBeGreaterThan(0)

      const abroad = await placeOrder(api, store, {
        region: "international",
        address: ADDRESSES.london,
        optionId: "cross-border|cross-border",
        items: [{ variantId: products[0].variantId, quantity: 1 }],
      })
      expect((await labelOf(shipping, abroad.id)).service_id).toBe("XBXPS")
    })
  },
})
