import { addressLines, fit, formatWeight, printable } from "../text"

describe("label text helpers", () => {
  it("printable folds accents for ASCII fonts, keeps Latin-1 for PDF and everything for ZPL", () => {
    expect(printable("Zoë  Müller\tStraße", "ascii")).toBe("Zoe Muller Strasse")
    expect(printable("Zoë Müller Straße", "latin1")).toBe("Zoë Müller Straße")
    expect(printable("Łódź 北京", "latin1")).toBe("Lodz ??")
    expect(printable("Łódź 北京\n", "unicode")).toBe("Łódź 北京")
  })

  it("addressLines orders name, company, street, city line, country", () => {
    expect(
      addressLines(
        {
          name: "Jane",
          company: "Acme",
          addressLines: ["1 Main St"],
          cityTown: "Springfield",
          stateProvince: "IL",
          postalCode: "62701",
          countryCode: "US",
        },
        6
      )
    ).toEqual(["Jane", "Acme", "1 Main St", "Springfield, IL 62701", "US"])
  })

  it("addressLines merges street lines, then drops middle lines, keeping city and country", () => {
    const a = {
      name: "Jane",
      company: "Acme",
      addressLines: ["1 Main St", "Apt 4", "Rear"],
      cityTown: "X",
      postalCode: "1",
      countryCode: "US",
    }
    expect(addressLines(a, 5)).toEqual([
      "Jane",
      "Acme",
      "1 Main St, Apt 4, Rear",
      "X 1",
      "US",
    ])
    expect(addressLines(a, 4)).toEqual(["Jane", "Acme", "X 1", "US"])
  })

  it("formatWeight", () => {
    expect(formatWeight(12.5)).toBe("WEIGHT: 12.5 OZ (0.78 LB)")
    expect(formatWeight(undefined)).toBe("WEIGHT: N/A")
  })

  it("fit cuts with an ellipsis to the measured width", () => {
    const measure = (s: string) => s.length
    expect(fit("short", 10, measure)).toBe("short")
    expect(fit("a rather long line", 10, measure)).toBe("a rathe...")
  })
})
