import { parsePluginOptions } from "../../../options/parse"
import { appPluginOptions } from "../../../../dev/app-options"
import { markerMetadata } from "../marker"
import { describePlan } from "../describe"
import { createsAnything, planShippingSetup, probeQuestions } from "../plan"
import type { LaneCheck, SetupInput, SetupSnapshot } from "../types"
import { setupActionsOf } from "../../../orchestration/setup-shipping/actions"
import {
  DEFAULT_SETUP,
  PROVIDER,
  laneCheck,
  location,
  options,
  sandboxAnswers,
  setUpLocation,
  snapshot,
} from "./fixtures"

function plan(
  snap: SetupSnapshot,
  input: SetupInput = {},
  opts = options,
  override?: Parameters<typeof sandboxAnswers>[1]
) {
  const questions = probeQuestions(snap, opts, input, laneCheck)
  return {
    questions,
    plan: planShippingSetup(
      snap,
      opts,
      input,
      laneCheck,
      sandboxAnswers(questions, override, opts)
    ),
  }
}

const creates = (p: ReturnType<typeof plan>["plan"]) =>
  p.locations
    .flatMap((l) => l.options.filter((o) => o.status === "create"))
    .map((o) => `${o.service}|${o.lane}`)
    .sort()

const EXPECTED = DEFAULT_SETUP.map((s) => `${s.service}|${s.lane}`).sort()

describe("the one-action setup's plan", () => {
  it("for a new store: links, a shipping set, a zone per lane, one calculated option per service and lane it ships", () => {
    const { plan: p, questions } = plan(snapshot())
    expect(p.ready).toBe(true)
    expect(p.missing).toEqual([])
    expect(creates(p)).toEqual(EXPECTED)
    const [l] = p.locations
    expect(l).toMatchObject({
      provider_link: "create",
      sales_channel_link: { action: "create", sales_channel_id: "sc_default" },
      fulfillment_set: { action: "create", name: "Shelton warehouse shipping" },
    })
    expect(
      l!.zones.map((z) => [z.lane, z.action, z.name, z.countries])
    ).toEqual([
      ["domestic", "create", "Shelton warehouse – Domestic", ["us"]],
      [
        "cross-border",
        "create",
        "Shelton warehouse – Cross-border",
        ["ca", "de", "fr", "gb"],
      ],
    ])
    expect(p.shipping_profile).toEqual({
      action: "create",
      id: null,
      name: "Default Shipping Profile",
    })
    expect(p.to_create).toEqual({
      shipping_profile: 1,
      provider_links: 1,
      sales_channel_links: 1,
      fulfillment_sets: 1,
      service_zones: 2,
      geo_zones: 0,
      shipping_options: 8,
    })
    // One rates question per service and lane the lane rules allow; none where they refuse.
    expect(questions.map((q) => q.key).sort()).toEqual(
      [
        "postal-ground|domestic",
        "postal-ground|cross-border",
        "postal-priority|domestic",
        "postal-priority|cross-border",
        "standard|domestic",
        "cross-border|cross-border",
        "carrier-account|domestic",
        "carrier-account|cross-border",
        "postal-return|domestic",
        "postal-return|cross-border",
        "postal-return-qr|domestic",
        "postal-return-qr|cross-border",
      ]
        .map((k) => `sloc_1|${k}`)
        .sort()
    )
    // A return travels to the location: its question goes from abroad to the U.S.
    expect(
      questions.find((q) => q.key === "sloc_1|postal-return|cross-border")
    ).toMatchObject({ from_country: "CA", to_country: "US" })
    expect(createsAnything(p)).toBe(true)
  })

  it("says why a service is not offered on a lane: the documents' lane rules, or the rates operation", () => {
    const { plan: p } = plan(snapshot())
    const reason = (key: string) =>
      p.locations[0]!.options.find((o) => `${o.service}|${o.lane}` === key)!
    expect(reason("standard|cross-border")).toMatchObject({
      status: "not_offered",
      reason:
        "CA: standard delivery is domestic only (from US to CA); DE: standard delivery is domestic only (from US to DE); FR: standard delivery is domestic only (from US to FR); and 1 more country",
    })
    expect(reason("cross-border|domestic").reason).toMatch(
      /US: destination must be abroad/
    )
    expect(reason("postal-ground|cross-border").reason).toBe(
      "the service rates no UGA from US to CA (it rates PM, EMI, FCMI, FCPIS there)"
    )
  })

  it("creates nothing the second time: every option, zone, set and link it made is found by its mark", () => {
    const { plan: p, questions } = plan(
      snapshot({
        locations: [setUpLocation([...DEFAULT_SETUP])],
        default_shipping_profile: {
          id: "sp_1",
          name: "Default Shipping Profile",
        },
      })
    )
    expect(p.ready).toBe(true)
    expect(createsAnything(p)).toBe(false)
    expect(creates(p)).toEqual([])
    const statuses = p.locations[0]!.options.map(
      (o) => `${o.service}|${o.lane}|${o.status}`
    )
    for (const key of EXPECTED) expect(statuses).toContain(`${key}|exists`)
    // Only what could newly ship is asked again (services the rates did not name last time).
    expect(questions.map((q) => q.key).sort()).toEqual(
      [
        "postal-ground|cross-border",
        "carrier-account|cross-border",
        "postal-return|cross-border",
        "postal-return-qr|cross-border",
      ]
        .map((k) => `sloc_1|${k}`)
        .sort()
    )
  })

  it("a newly configured service adds only its option, in the zone made before", () => {
    const withExpress = parsePluginOptions({
      ...appPluginOptions({}),
      services: [
        ...appPluginOptions({}).services!,
        {
          id: "postal-express",
          name: "Postal Express",
          variant: "expedited",
          serviceId: "EM",
          label: { fileFormat: "PDF", size: "DOC_4X6", contentType: "BASE64" },
        },
      ],
    })
    const { plan: p } = plan(
      snapshot({
        locations: [setUpLocation([...DEFAULT_SETUP])],
        default_shipping_profile: { id: "sp_1", name: "Default" },
      }),
      {},
      withExpress
    )
    expect(p.to_create).toEqual({
      shipping_profile: 0,
      provider_links: 0,
      sales_channel_links: 0,
      fulfillment_sets: 0,
      service_zones: 0,
      geo_zones: 0,
      shipping_options: 1,
    })
    expect(creates(p)).toEqual(["postal-express|domestic"])
    expect(
      p.locations[0]!.zones.find((z) => z.lane === "domestic")
    ).toMatchObject({
      action: "exists",
      id: "serzo_domestic",
    })
  })

  it("completes a run stopped half-way: what it made is found by its marks, the rest is made", () => {
    const half = setUpLocation([{ service: "postal-ground", lane: "domestic" }])
    // The cross-border zone was never made.
    half.fulfillment_sets[0]!.service_zones.pop()
    const { plan: p } = plan(
      snapshot({
        locations: [half],
        default_shipping_profile: { id: "sp_1", name: "Default" },
      })
    )
    expect(p.to_create).toEqual({
      shipping_profile: 0,
      provider_links: 0,
      sales_channel_links: 0,
      fulfillment_sets: 0,
      service_zones: 1,
      geo_zones: 0,
      shipping_options: 7,
    })
    expect(p.locations[0]!.fulfillment_set).toMatchObject({
      action: "exists",
      id: "fuset_1",
    })
  })

  it("adds a country a region gained to the zone it made, and to nothing else", () => {
    const snap = snapshot({
      locations: [setUpLocation([...DEFAULT_SETUP])],
      default_shipping_profile: { id: "sp_1", name: "Default" },
    })
    snap.regions[1]!.countries.push("es")
    const { plan: p } = plan(snap)
    expect(
      p.locations[0]!.zones.find((z) => z.lane === "cross-border")
    ).toMatchObject({
      action: "exists",
      add_countries: ["es"],
    })
    expect(p.to_create).toMatchObject({ geo_zones: 1, shipping_options: 0 })
  })

  it("leaves options it did not make alone and does not duplicate them", () => {
    const snap = snapshot({
      locations: [
        location({
          provider_ids: [PROVIDER, "manual_manual"],
          sales_channel_ids: ["sc_web"],
          fulfillment_sets: [
            {
              id: "fuset_m",
              name: "Merchant shipping",
              type: "shipping",
              metadata: null,
              service_zones: [
                {
                  id: "serzo_m",
                  name: "Merchant US",
                  metadata: null,
                  countries: ["us"],
                  options: [
                    {
                      id: "so_pickup",
                      name: "Pickup",
                      provider_id: "manual_manual",
                      service: null,
                      is_return: false,
                      in_store: true,
                      metadata: null,
                    },
                    {
                      id: "so_ground",
                      name: "Ground by hand",
                      provider_id: PROVIDER,
                      service: "postal-ground",
                      is_return: false,
                      metadata: { note: "mine" },
                    },
                  ],
                },
              ],
            },
          ],
        }),
      ],
      default_shipping_profile: { id: "sp_1", name: "Default" },
    })
    const { plan: p } = plan(snap)
    const l = p.locations[0]!
    expect(l.fulfillment_set).toEqual({
      action: "exists",
      id: "fuset_m",
      name: "Merchant shipping",
    })
    expect(l.provider_link).toBe("exists")
    expect(l.sales_channel_link).toEqual({
      action: "exists",
      sales_channel_id: "sc_web",
    })
    expect(
      l.options.find(
        (o) => o.service === "postal-ground" && o.lane === "domestic"
      )
    ).toMatchObject({
      status: "foreign",
      id: "so_ground",
    })
    expect(creates(p)).toEqual(
      EXPECTED.filter((k) => k !== "postal-ground|domestic")
    )
    // Its own zones go into the merchant's set, beside the merchant's zone.
    expect(l.zones.map((z) => z.action)).toEqual(["create", "create"])
  })

  it("refuses in words when no region is in the currency the service prices in, and takes the amounts typed", () => {
    const snap = snapshot({
      regions: [
        { id: "reg_us", name: "US", currency_code: "usd", countries: ["us"] },
        {
          id: "reg_eu",
          name: "Europe",
          currency_code: "eur",
          countries: ["de", "fr"],
        },
      ],
    })
    const refused = plan(snap).plan
    expect(refused.ready).toBe(false)
    expect(refused.missing).toEqual([
      "Type a flat amount for “Postal Priority (with delivery confirmation)” (cross-border, from “Shelton warehouse”) in EUR: the service prices it in USD and no region of its countries is in USD: add a region in USD to calculate its price, or type a flat amount in EUR.",
    ])
    // Cross-border declares customs in the origin's currency: not offered to euro carts at all.
    expect(
      refused.locations[0]!.options.find(
        (o) => o.service === "cross-border" && o.lane === "cross-border"
      )
    ).toMatchObject({
      status: "not_offered",
      reason: expect.stringMatching(/^DE, FR: .*USD/),
    })

    const typed = plan(snap, {
      flat_amounts: [
        { service: "postal-priority", currency_code: "eur", amount: 14.5 },
      ],
    }).plan
    expect(typed.missing).toEqual([])
    const priority = typed.locations[0]!.options.filter(
      (o) => o.service === "postal-priority"
    )
    expect(priority.map((o) => [o.lane, o.price_type, o.prices])).toEqual([
      // The euro amount names a currency: the U.S. lane stays calculated in dollars.
      ["domestic", "calculated", []],
      ["cross-border", "flat", [{ currency_code: "eur", amount: 14.5 }]],
    ])
  })

  it("names a country of the regions that no option serves, with each service's reason, instead of leaving it out silently", () => {
    // README's two services: a domestic ground service and cross-border, from a U.S. warehouse.
    const two = parsePluginOptions({
      ...appPluginOptions({}),
      services: appPluginOptions({}).services!.filter((s) =>
        ["postal-ground", "cross-border"].includes(s.id)
      ),
    })
    const snap = snapshot({
      regions: [
        { id: "reg_us", name: "US", currency_code: "usd", countries: ["us"] },
        {
          id: "reg_int",
          name: "International",
          currency_code: "usd",
          countries: ["ca", "gb"],
        },
        {
          id: "reg_eu",
          name: "Europe",
          currency_code: "eur",
          countries: ["de"],
        },
      ],
    })
    const p = plan(snap, {}, two).plan
    const crossBorder = p.locations[0]!.options.find(
      (o) => o.service === "cross-border" && o.lane === "cross-border"
    )!
    // Cross-border declares customs in the origin's currency: the euro region's DE is left out.
    expect(crossBorder).toMatchObject({
      status: "create",
      countries: ["ca", "gb"],
    })
    expect(
      p.locations[0]!.zones.find((z) => z.lane === "cross-border")!.countries
    ).toEqual(["ca", "gb"])
    // Nothing blocks (the merchant may ship DE otherwise), but DE is named, with the reasons.
    expect(p.ready).toBe(true)
    const note = p.notes.find((n) => /\bDE\b/.test(n))
    expect(note).toBeDefined()
    expect(note).toMatch(
      /No shipping option from “Shelton warehouse” serves DE/
    )
    expect(note).toMatch(/International Standard \(duty paid\): .*USD/)
    expect(note).toMatch(/Postal Ground Advantage: the service rates no UGA/)
    // Countries some option serves are not named: one note, for DE alone.
    expect(
      p.notes.filter((n) => n.startsWith("No shipping option")).length
    ).toBe(1)
    // The command prints it too.
    expect(describePlan(p)).toContain(`Note: ${note}`)
  })

  it("one zone of regions in two currencies: flat, with an amount per currency", () => {
    const snap = snapshot({
      regions: [
        { id: "reg_us", name: "US", currency_code: "usd", countries: ["us"] },
        {
          id: "reg_ca",
          name: "Canada",
          currency_code: "usd",
          countries: ["ca"],
        },
        {
          id: "reg_eu",
          name: "Europe",
          currency_code: "eur",
          countries: ["de"],
        },
      ],
    })
    const p = plan(snap, {
      flat_amounts: [
        { service: "postal-priority", lane: "cross-border", amount: 20 },
        {
          service: "postal-priority",
          lane: "cross-border",
          currency_code: "eur",
          amount: 18,
        },
      ],
    }).plan
    const o = p.locations[0]!.options.find(
      (x) => x.service === "postal-priority" && x.lane === "cross-border"
    )!
    expect(o).toMatchObject({
      status: "create",
      price_type: "flat",
      prices: [
        { currency_code: "eur", amount: 18 },
        { currency_code: "usd", amount: 20 },
      ],
      amounts_needed: [],
      reason: "a flat amount was typed for it",
    })
    const untyped = plan(snap).plan
    expect(untyped.missing.join(" ")).toMatch(
      /in EUR, USD: the service prices it in USD, and some of its countries are in regions in EUR: a calculated price works in USD only/
    )
  })

  it("a merchant's amount makes a service that could be calculated flat", () => {
    const p = plan(snapshot(), {
      flat_amounts: [{ service: "postal-ground", amount: 8 }],
    }).plan
    const ground = p.locations[0]!.options.find(
      (o) => o.service === "postal-ground" && o.lane === "domestic"
    )!
    expect(ground).toMatchObject({
      price_type: "flat",
      prices: [{ currency_code: "usd", amount: 8 }],
    })
  })

  it("when the rates operation does not answer, asks for flat amounts with the service's words", () => {
    const p = plan(snapshot(), {}, options, (q) =>
      q.service === "standard"
        ? { ok: false, message: "503 Service Unavailable" }
        : undefined
    ).plan
    expect(p.ready).toBe(false)
    expect(p.missing).toEqual([
      "Type a flat amount for “Standard Delivery” (domestic, from “Shelton warehouse”) in USD: the rates operation gave no price from US to US (503 Service Unavailable), so its price cannot be calculated.",
    ])
  })

  it("refuses in words: no address, no region, no location, unknown location, provider not loaded, no sales channel", () => {
    const bare = location({
      id: "sloc_2",
      name: "Returns room",
      country_code: null,
    })
    const noAddress = plan(snapshot({ locations: [bare] })).plan
    expect(noAddress.ready).toBe(false)
    expect(noAddress.blocking).toEqual(noAddress.missing)
    expect(noAddress.missing).toEqual([
      "Stock location “Returns room” has no address with a country: give it its address (Settings → Locations → Returns room → Edit); the service ships from it.",
    ])
    // Beside a warehouse with its address, it is named in the notes and left out.
    const beside = plan(snapshot({ locations: [location(), bare] })).plan
    expect(beside.ready).toBe(true)
    expect(beside.locations.map((l) => l.id)).toEqual(["sloc_1"])
    expect(beside.notes).toContain(
      "Stock location “Returns room” has no address with a country: nothing is set up from it (give it its address: Settings → Locations → Returns room → Edit, then set up shipping again). It is in no sales channel, so Medusa reserves no stock there."
    )
    const inChannel = plan(
      snapshot({
        locations: [location(), { ...bare, sales_channel_ids: ["sc_web"] }],
      })
    ).plan
    expect(inChannel.notes.join(" ")).toMatch(
      /“Returns room” has no address with a country: nothing is set up from it .*Checkout refuses, in words, the items Medusa reserves there rather than ship them from another warehouse's address\./
    )
    expect(plan(snapshot({ regions: [] })).plan.missing).toEqual([
      "No region has a country: create a region with the countries you sell to and its currency (Settings → Regions).",
    ])
    expect(plan(snapshot({ locations: [] })).plan.missing).toEqual([
      "There is no stock location: create one with an address (Settings → Locations); labels are bought from it.",
    ])
    expect(plan(snapshot(), { location_ids: ["sloc_9"] }).plan.missing).toEqual(
      ["Stock location sloc_9 does not exist."]
    )
    expect(plan(snapshot({ provider_enabled: false })).plan.missing[0]).toMatch(
      /The fulfillment provider shipping-services_shipping-services is not loaded/
    )
    expect(
      plan(snapshot({ default_sales_channel_id: null })).plan.missing
    ).toEqual([
      "Stock location “Shelton warehouse” is in no sales channel and the store has no default one: add it to a sales channel (Settings → Locations → Shelton warehouse → Sales channels); shoppers only see options of locations in their sales channel.",
    ])
  })

  it("says nothing can ship when no service ships from the location to any region", () => {
    const refuseAll: LaneCheck = () => ["not from here"]
    const snap = snapshot()
    const questions = probeQuestions(snap, options, {}, refuseAll)
    expect(questions).toEqual([])
    const p = planShippingSetup(snap, options, {}, refuseAll, new Map())
    expect(p.ready).toBe(false)
    expect(p.missing[0]).toMatch(
      /^Nothing can ship from “Shelton warehouse” \(US\) to the regions' countries — /
    )
  })

  it("picks free names: fulfillment set and zone names are unique in Medusa", () => {
    const p = plan(
      snapshot({
        taken_names: {
          fulfillment_sets: ["Shelton warehouse shipping"],
          service_zones: [
            "Shelton warehouse – Domestic",
            "Shelton warehouse – Domestic (sloc_1)",
          ],
        },
      })
    ).plan
    expect(p.locations[0]!.fulfillment_set!.name).toBe(
      "Shelton warehouse shipping (sloc_1)"
    )
    expect(p.locations[0]!.zones[0]!.name).toBe(
      "Shelton warehouse – Domestic (sloc_1 2)"
    )
  })

  it("names the products that Medusa would refuse at checkout, and those in other profiles", () => {
    const p = plan(
      snapshot({
        default_shipping_profile: { id: "sp_1", name: "Default" },
        products: {
          without_profile: [{ id: "prod_1", title: "Mug" }],
          without_profile_count: 3,
          in_other_profiles_count: 2,
          other_profiles: ["Freight"],
        },
      })
    ).plan
    expect(p.notes).toEqual([
      '3 product(s) are in no shipping profile (“Mug”, …): Medusa refuses to check out a cart holding one ("The cart items require shipping profiles that are not satisfied"). Put them in “Default” (the product\'s Shipping configuration).',
      "2 product(s) are in other shipping profiles (Freight): the options made here serve “Default” only.",
    ])
  })

  it("plans only the locations asked for, and a zone its options do not all serve is said", () => {
    const snap = snapshot({
      locations: [
        location(),
        location({ id: "sloc_2", name: "Toronto", country_code: "ca" }),
      ],
      regions: [
        {
          id: "reg_us",
          name: "US",
          currency_code: "usd",
          countries: ["us", "ca"],
        },
      ],
    })
    const p = plan(snap, { location_ids: ["sloc_2"] }).plan
    expect(p.locations.map((l) => l.id)).toEqual(["sloc_2"])
    // From Canada, cross-border declares customs in CAD: a U.S. region in USD is refused.
    const l = p.locations[0]!
    expect(
      l.options.find(
        (o) => o.service === "cross-border" && o.lane === "cross-border"
      )
    ).toMatchObject({
      status: "not_offered",
      reason: expect.stringMatching(/^US: .*must be CAD for shipments from CA/),
    })
    expect(p.ready).toBe(true)
  })

  it("never marks a merchant's zone as its own, and re-uses its own zone even when the set is the merchant's", () => {
    const l = setUpLocation([...DEFAULT_SETUP])
    l.fulfillment_sets[0]!.metadata = null
    l.fulfillment_sets[0]!.service_zones.push({
      id: "serzo_m",
      name: "Merchant",
      metadata: { shipping_services_setup: { version: 2, lane: "domestic" } },
      countries: ["us"],
      options: [],
    })
    const p = plan(
      snapshot({
        locations: [l],
        default_shipping_profile: { id: "sp", name: "D" },
      })
    ).plan
    expect(p.locations[0]!.zones.map((z) => z.id)).toEqual([
      "serzo_domestic",
      "serzo_cross-border",
    ])
    expect(createsAnything(p)).toBe(false)
    expect(markerMetadata({ lane: "domestic" })).toEqual({
      shipping_services_setup: { lane: "domestic", version: 1 },
    })
  })
})

describe("the one-action setup over several warehouses", () => {
  const austin = location({ id: "sloc_2", name: "Austin warehouse" })

  it("links each warehouse to the provider with its own set and zones; shoppers see each service once, from the first", () => {
    const { plan: p, questions } = plan(
      snapshot({ locations: [location(), austin] })
    )
    expect(p.ready).toBe(true)
    expect(p.locations.map((l) => [l.id, l.provider_link])).toEqual([
      ["sloc_1", "create"],
      ["sloc_2", "create"],
    ])
    expect(p.locations.map((l) => l.fulfillment_set?.name)).toEqual([
      "Shelton warehouse shipping",
      "Austin warehouse shipping",
    ])
    expect(p.locations[1]!.zones.map((z) => z.name)).toEqual([
      "Austin warehouse – Domestic",
      "Austin warehouse – Cross-border",
    ])
    // Both warehouses are asked their rates (from their own address).
    expect(new Set(questions.map((q) => q.location_id))).toEqual(
      new Set(["sloc_1", "sloc_2"])
    )
    const made = (id: string) =>
      p.locations
        .find((l) => l.id === id)!
        .options.filter((o) => o.status === "create")
    expect(made("sloc_1").every((o) => o.in_store === true)).toBe(true)
    expect(made("sloc_2").length).toBe(made("sloc_1").length)
    expect(made("sloc_2").every((o) => o.in_store === false)).toBe(true)
    expect(p.notes).toContain(
      "“Postal Ground Advantage” from “Austin warehouse” (domestic) is made for the admin only: “Postal Ground Advantage” from “Shelton warehouse” already offers it to shoppers of the same sales channel and countries. Checkout prices each item from the warehouse Medusa reserves it at; fulfill from “Austin warehouse” with this option."
    )
    // What is applied is what the preview showed: Medusa's enabled_in_store rule says it.
    const actions = setupActionsOf(p, options)
    const rule = (o: (typeof actions.shipping_options)[number]) =>
      o.rules.find((r) => r.attribute === "enabled_in_store")!.value
    const byLocation = (id: string) =>
      actions.shipping_options.filter(
        (o) =>
          (o.metadata.shipping_services_setup as { location_id: string })
            .location_id === id
      )
    expect(byLocation("sloc_1").map(rule)).toEqual(
      made("sloc_1").map(() => "true")
    )
    expect(byLocation("sloc_2").map(rule)).toEqual(
      made("sloc_2").map(() => "false")
    )
    expect(describePlan(p).join("\n")).toMatch(/admin only/)
  })

  it("keeps both in the store when the warehouses serve different sales channels", () => {
    const { plan: p } = plan(
      snapshot({
        locations: [
          location({ sales_channel_ids: ["sc_us"] }),
          { ...austin, sales_channel_ids: ["sc_outlet"] },
        ],
      })
    )
    const flags = p.locations.flatMap((l) =>
      l.options.filter((o) => o.status === "create").map((o) => o.in_store)
    )
    expect(flags.length).toBeGreaterThan(0)
    expect(flags.every((f) => f === true)).toBe(true)
  })

  it("adds a second warehouse to a shop set up before: its options for the admin, nothing made twice", () => {
    const { plan: p } = plan(
      snapshot({
        locations: [setUpLocation([...DEFAULT_SETUP]), austin],
        default_shipping_profile: {
          id: "sp_1",
          name: "Default Shipping Profile",
        },
      })
    )
    expect(p.ready).toBe(true)
    const [shelton, second] = p.locations
    expect(shelton!.options.filter((o) => o.status === "create")).toEqual([])
    expect(
      shelton!.options
        .filter((o) => o.status === "exists")
        .every((o) => o.in_store === true)
    ).toBe(true)
    expect(second!.provider_link).toBe("create")
    const made = second!.options.filter((o) => o.status === "create")
    expect(made.length).toBeGreaterThan(0)
    expect(made.every((o) => o.in_store === false)).toBe(true)
  })
})
