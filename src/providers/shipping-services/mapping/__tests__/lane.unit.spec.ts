import { LANE_RULE_IDS, laneViolations } from "../lane"
import { SHIPMENT_RULES } from "../../../../shipping-api/rules"
import { options } from "../__fixtures__/orders"

const service = (id: string) => options.services.find((s) => s.id === id)!

describe("lane checks at checkout", () => {
  it("names only rules that exist", () => {
    const ids = new Set(SHIPMENT_RULES.map((r) => r.id))
    expect(LANE_RULE_IDS.filter((id) => !ids.has(id))).toEqual([])
  })

  it("standard delivery is domestic only", () => {
    expect(
      laneViolations(service("standard"), options, {
        fromCountry: "US",
        toCountry: "US",
        currencyCode: "usd",
      })
    ).toEqual([])
    expect(
      laneViolations(service("standard"), options, {
        fromCountry: "US",
        toCountry: "DE",
      }).map((v) => v.rule)
    ).toEqual(["address.standard.domestic"])
  })

  it("cross-border needs a destination abroad, an allowed origin and the origin's currency", () => {
    expect(
      laneViolations(service("cross-border"), options, {
        fromCountry: "US",
        toCountry: "GB",
        currencyCode: "usd",
      })
    ).toEqual([])
    expect(
      laneViolations(service("cross-border"), options, {
        fromCountry: "US",
        toCountry: "US",
        currencyCode: "usd",
      }).map((v) => v.rule)
    ).toEqual(["address.cross-border.destination-abroad"])
    expect(
      laneViolations(service("cross-border"), options, {
        fromCountry: "JP",
        toCountry: "GB",
        currencyCode: "usd",
      }).map((v) => v.rule)
    ).toContain("address.cross-border.origin")
    expect(
      laneViolations(service("cross-border"), options, {
        fromCountry: "US",
        toCountry: "GB",
        currencyCode: "eur",
      }).map((v) => v.rule)
    ).toEqual(["customs-info.currencyCode.cross-border-origin"])
  })

  it("a cross-border class the origin does not allow", () => {
    const xbxpe = { ...service("cross-border"), serviceId: "XBXPE" }
    expect(
      laneViolations(xbxpe, options, {
        fromCountry: "GB",
        toCountry: "FR",
      }).map((v) => v.rule)
    ).toEqual(expect.arrayContaining(["rates.serviceId.cross-border-origin"]))
  })
})
