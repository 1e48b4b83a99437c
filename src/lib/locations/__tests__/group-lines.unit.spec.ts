import fc from "fast-check"
import { groupLinesByLocation, locationOfLine } from "../group-lines"

describe("locationOfLine", () => {
  it("is where most of the line is reserved, the first reserved on a tie, else the fallback", () => {
    expect(locationOfLine(undefined, "sloc_option")).toBe("sloc_option")
    expect(locationOfLine([], null)).toBeNull()
    expect(
      locationOfLine(
        [
          { location_id: "sloc_a", quantity: 1 },
          { location_id: "sloc_b", quantity: 2 },
        ],
        "sloc_option"
      )
    ).toBe("sloc_b")
    expect(
      locationOfLine(
        [
          { location_id: "sloc_b", quantity: "2" },
          { location_id: "sloc_a", quantity: 2 },
        ],
        null
      )
    ).toBe("sloc_b")
    // A reservation without a location (Medusa had none) does not count.
    expect(
      locationOfLine([{ location_id: null, quantity: 3 }], "sloc_option")
    ).toBe("sloc_option")
  })
})

describe("groupLinesByLocation", () => {
  const lines = fc.array(
    fc.record({
      id: fc.uuid(),
      at: fc.array(
        fc.record({
          location_id: fc.constantFrom("sloc_a", "sloc_b", "sloc_c", null),
          quantity: fc.integer({ min: 1, max: 5 }),
        }),
        { maxLength: 3 }
      ),
    }),
    { maxLength: 12 }
  )

  it("puts every line in exactly one group, the group of its own location, in the lines' order", () => {
    fc.assert(
      fc.property(
        lines,
        fc.constantFrom("sloc_a", "sloc_option", null),
        (ls, fallback) => {
          const unique = [...new Map(ls.map((l) => [l.id, l])).values()]
          const reservations = new Map(unique.map((l) => [l.id, l.at]))
          const groups = groupLinesByLocation(unique, reservations, fallback)
          expect(
            groups.flatMap((g) => g.lines.map((l) => l.id)).sort()
          ).toEqual(unique.map((l) => l.id).sort())
          expect(new Set(groups.map((g) => g.location_id)).size).toBe(
            groups.length
          )
          for (const g of groups) {
            expect(g.lines.length).toBeGreaterThan(0)
            for (const l of g.lines)
              expect(locationOfLine(l.at, fallback)).toBe(g.location_id)
            // Lines keep their order inside a group.
            const order = g.lines.map((l) => unique.indexOf(l))
            expect(order).toEqual([...order].sort((a, b) => a - b))
          }
        }
      )
    )
  })

  it("makes one group per location a two-warehouse cart ships from, unmanaged lines with the option's", () => {
    const groups = groupLinesByLocation(
      [{ id: "tee" }, { id: "kettle" }, { id: "gift-card" }],
      new Map([
        ["tee", [{ location_id: "sloc_shelton", quantity: 1 }]],
        ["kettle", [{ location_id: "sloc_austin", quantity: 1 }]],
      ]),
      "sloc_shelton"
    )
    expect(groups).toEqual([
      {
        location_id: "sloc_shelton",
        lines: [{ id: "tee" }, { id: "gift-card" }],
      },
      { location_id: "sloc_austin", lines: [{ id: "kettle" }] },
    ])
  })
})
