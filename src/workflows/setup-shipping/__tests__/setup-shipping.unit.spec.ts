import { Modules } from "@medusajs/framework/utils"
import {
  planShippingSetup,
  probeQuestions,
} from "../../../lib/setup-shipping/plan"
import {
  DEFAULT_SETUP,
  laneCheck,
  options,
  sandboxAnswers,
  setUpLocation,
  snapshot,
} from "../../../lib/setup-shipping/__tests__/fixtures"
import type { SetupSnapshot } from "../../../lib/setup-shipping/types"
import { runThenFail } from "../../__tests__/run-then-fail"
import { setupActionsOf } from "../../../orchestration/setup-shipping/actions"
import { addGeoZonesStep } from "../steps/add-geo-zones"

function planOf(snap: SetupSnapshot) {
  const questions = probeQuestions(snap, options, {}, laneCheck)
  return planShippingSetup(
    snap,
    options,
    {},
    laneCheck,
    sandboxAnswers(questions)
  )
}

describe("the setup workflow's input", () => {
  it("for a new store: the links, the set by name, the zones by name, options with the provider's data and the setup's mark", () => {
    const actions = setupActionsOf(planOf(snapshot()), options)
    expect(actions.shipping_profile).toEqual({
      create: { name: "Default Shipping Profile" },
    })
    expect(actions.links).toEqual([
      {
        [Modules.STOCK_LOCATION]: { stock_location_id: "sloc_1" },
        [Modules.FULFILLMENT]: {
          fulfillment_provider_id: "shipping-services_shipping-services",
        },
      },
      {
        [Modules.SALES_CHANNEL]: { sales_channel_id: "sc_default" },
        [Modules.STOCK_LOCATION]: { stock_location_id: "sloc_1" },
      },
    ])
    expect(actions.fulfillment_sets).toEqual([
      {
        location_id: "sloc_1",
        name: "Shelton warehouse shipping",
        metadata: {
          shipping_services_setup: { location_id: "sloc_1", version: 1 },
        },
      },
    ])
    expect(
      actions.service_zones.map((z) => [
        z.name,
        z.fulfillment_set_name,
        z.countries,
      ])
    ).toEqual([
      ["Shelton warehouse – Domestic", "Shelton warehouse shipping", ["us"]],
      [
        "Shelton warehouse – Cross-border",
        "Shelton warehouse shipping",
        ["ca", "de", "fr", "gb"],
      ],
    ])
    expect(actions.shipping_options).toHaveLength(8)
    const ground = actions.shipping_options.find(
      (o) => o.data.id === "postal-ground"
    )!
    expect(ground).toEqual({
      service_zone_name: "Shelton warehouse – Domestic",
      name: "Postal Ground Advantage",
      provider_id: "shipping-services_shipping-services",
      price_type: "calculated",
      data: {
        id: "postal-ground",
        name: "Postal Ground Advantage",
        variant: "expedited",
        carrier: "POSTAL",
        service_id: "UGA",
        parcel_type: "PKG",
        is_return: false,
        label: expect.objectContaining({ fileFormat: "PDF" }),
      },
      metadata: {
        shipping_services_setup: {
          location_id: "sloc_1",
          lane: "domestic",
          service: "postal-ground",
          version: 1,
        },
      },
      type: {
        label: "Postal Ground Advantage",
        description: "Domestic (UGA)",
        code: "postal-ground",
      },
      rules: [
        { attribute: "enabled_in_store", operator: "eq", value: "true" },
        { attribute: "is_return", operator: "eq", value: "false" },
      ],
    })
    expect(
      actions.shipping_options.find((o) => o.data.id === "postal-return")!
        .rules[1]
    ).toEqual({ attribute: "is_return", operator: "eq", value: "true" })
    // No secret of the options travels into what the store API shows of an option.
    expect(JSON.stringify(actions)).not.toMatch(
      /sandbox-secret|sandbox-key|9024324/
    )
  })

  it("a later run refers to what exists by id and adds countries to its zone", () => {
    const snap = snapshot({
      locations: [
        setUpLocation(DEFAULT_SETUP.filter((s) => s.service !== "standard")),
      ],
      default_shipping_profile: { id: "sp_1", name: "Default" },
    })
    snap.regions[1]!.countries.push("es")
    const actions = setupActionsOf(planOf(snap), options)
    expect(actions).toMatchObject({
      shipping_profile: { id: "sp_1" },
      links: [],
      fulfillment_sets: [],
      service_zones: [],
      geo_zones: [
        { service_zone_id: "serzo_cross-border", country_code: "es" },
      ],
    })
    expect(
      actions.shipping_options.map((o) => [o.data.id, o.service_zone_id])
    ).toEqual([["standard", "serzo_domestic"]])
  })

  it("refuses a plan that is not ready", () => {
    expect(() =>
      setupActionsOf(planOf(snapshot({ regions: [] })), options)
    ).toThrow(/The setup is not ready: No region has a country/)
  })
})

describe("adding countries to a zone it made", () => {
  it("compensation deletes exactly the geo zones it created", async () => {
    let geo = [{ id: "fgz_old" }]
    let n = 0
    const fulfillment = {
      createGeoZones: jest.fn(async (data: unknown[]) => {
        const made = data.map(() => ({ id: `fgz_new${++n}` }))
        geo = [...geo, ...made]
        return made
      }),
      deleteGeoZones: jest.fn(async (ids: string[]) => {
        geo = geo.filter((g) => !ids.includes(g.id))
      }),
    }
    const { errors } = await runThenFail(
      addGeoZonesStep,
      [
        { service_zone_id: "serzo_1", country_code: "es" },
        { service_zone_id: "serzo_1", country_code: "pt" },
      ],
      { [Modules.FULFILLMENT]: fulfillment }
    )
    expect(errors).toEqual(["a later step failed"])
    expect(fulfillment.createGeoZones).toHaveBeenCalledWith([
      { service_zone_id: "serzo_1", type: "country", country_code: "es" },
      { service_zone_id: "serzo_1", type: "country", country_code: "pt" },
    ])
    expect(fulfillment.deleteGeoZones).toHaveBeenCalledWith([
      "fgz_new1",
      "fgz_new2",
    ])
    expect(geo).toEqual([{ id: "fgz_old" }])
  })

  it("does nothing, and undoes nothing, for no country", async () => {
    const fulfillment = { createGeoZones: jest.fn(), deleteGeoZones: jest.fn() }
    await runThenFail(addGeoZonesStep, [], {
      [Modules.FULFILLMENT]: fulfillment,
    })
    expect(fulfillment.createGeoZones).not.toHaveBeenCalled()
    expect(fulfillment.deleteGeoZones).not.toHaveBeenCalled()
  })
})
