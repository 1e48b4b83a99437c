import { fromMedusaAddress, phoneOf, stateProvinceOf } from "../address"

describe("Medusa address → service Address", () => {
  it("maps a customer shipping address", () => {
    expect(
      fromMedusaAddress(
        {
          first_name: " Ada ",
          last_name: "Lovelace",
          phone: "+1 (212) 555-0100",
          address_1: "1 Main St",
          address_2: "",
          city: "New York",
          province: "us-ny",
          postal_code: "10001",
          country_code: "us",
        },
        { email: "ada@example.com" }
      )
    ).toEqual({
      name: "Ada Lovelace",
      phone: "+12125550100",
      email: "ada@example.com",
      residential: true,
      addressLines: ["1 Main St"],
      cityTown: "New York",
      stateProvince: "NY",
      postalCode: "10001",
      countryCode: "US",
    })
  })

  it("treats an address with a company as commercial and keeps empty states empty", () => {
    const a = fromMedusaAddress({
      company: "ACME GmbH",
      first_name: "Max",
      address_1: "Hauptstr. 1",
      city: "Berlin",
      postal_code: "10115",
      country_code: "de",
    })
    expect(a.residential).toBe(false)
    expect(a.company).toBe("ACME GmbH")
    expect(a.stateProvince).toBe("")
  })

  it("normalises provinces and phones", () => {
    expect(stateProvinceOf("ON", "ca")).toBe("ON")
    expect(stateProvinceOf("ca-on", "CA")).toBe("ON")
    expect(stateProvinceOf(null, "DE")).toBe("")
    expect(phoneOf("212.555.0100")).toBe("2125550100")
    expect(phoneOf("  ")).toBeUndefined()
  })
})
