import fc from "fast-check"
import {
  groupLines,
  locationOfLine,
  methodOfLine,
  remainingGroups,
  type GroupInput,
} from "../groups"
import { locationProblem } from "../location-problem"

const OURS = new Set(["so_ground", "so_express"])
const base = (over: Partial<GroupInput> = {}): GroupInput => ({
  lines: [],
  methods: [{ shipping_option_id: "so_ground" }],
  addedBy: new Map(),
  reservations: new Map(),
  ours: (id) => OURS.has(id),
  optionLocation: (id) => (id === "so_ground" ? "sloc_A" : "sloc_B"),
  ...over,
})

describe("an order's lines as fulfillments: one per shipping option and stock location", () => {
  it("one warehouse: one fulfillment, from the option's location when nothing is reserved", () => {
    expect(
      groupLines(
        base({
          lines: [
            { id: "l1", quantity: 1 },
            { id: "l2", quantity: 2 },
          ],
        })
      )
    ).toEqual({
      groups: [
        {
          shipping_option_id: "so_ground",
          location_id: "sloc_A",
          items: [
            { id: "l1", quantity: 1 },
            { id: "l2", quantity: 2 },
          ],
        },
      ],
      skipped: [],
    })
  })

  it("items reserved in two warehouses: two fulfillments, each from where its stock is", () => {
    const { groups } = groupLines(
      base({
        lines: [
          { id: "p1", quantity: 1 },
          { id: "p2", quantity: 1 },
          { id: "unmanaged", quantity: 1 },
        ],
        reservations: new Map([
          ["p1", [{ location_id: "sloc_A", quantity: 1 }]],
          ["p2", [{ location_id: "sloc_B", quantity: 1 }]],
        ]),
      })
    )
    expect(
      groups.map((g) => [g.location_id, g.items.map((i) => i.id)])
    ).toEqual([
      ["sloc_A", ["p1", "unmanaged"]],
      ["sloc_B", ["p2"]],
    ])
  })

  it("an exchange's and a claim's lines ship with their own outbound method", () => {
    const { groups, skipped } = groupLines(
      base({
        lines: [
          { id: "placed", quantity: 1 },
          { id: "mug", quantity: 1 },
          { id: "tee", quantity: 1 },
          { id: "other", quantity: 1 },
        ],
        methods: [
          { shipping_option_id: "so_ground" },
          {
            shipping_option_id: "so_return",
            return_id: "ret_1",
            exchange_id: "exc_1",
          },
          { shipping_option_id: "so_express", exchange_id: "exc_1" },
          { shipping_option_id: "so_ground", claim_id: "claim_1" },
          { shipping_option_id: "so_manual", claim_id: "claim_2" },
        ],
        addedBy: new Map([
          ["mug", { exchange_id: "exc_1" }],
          ["tee", { claim_id: "claim_1" }],
          ["other", { claim_id: "claim_2" }],
        ]),
      })
    )
    expect(
      groups.map((g) => [g.shipping_option_id, g.items.map((i) => i.id)])
    ).toEqual([
      ["so_ground", ["placed", "tee"]],
      ["so_express", ["mug"]],
    ])
    expect(skipped).toEqual([
      { line_id: "other", reason: "its shipping method uses another provider" },
    ])
  })

  it("an exchange without an outbound method: its lines are left out, said why", () => {
    expect(
      groupLines(
        base({
          lines: [{ id: "mug", quantity: 1 }],
          addedBy: new Map([["mug", { exchange_id: "exc_9" }]]),
        })
      ).skipped
    ).toEqual([
      {
        line_id: "mug",
        reason: "its exchange has no outbound shipping method",
      },
    ])
    expect(methodOfLine(undefined, [])).toBeUndefined()
  })

  it("a kit reserved in two places ships from the one holding most of it", () => {
    expect(
      locationOfLine(
        [
          { location_id: "sloc_A", quantity: 1 },
          { location_id: "sloc_B", quantity: 2 },
        ],
        "sloc_A"
      )
    ).toBe("sloc_B")
    expect(locationOfLine([], "sloc_A")).toBe("sloc_A")
    expect(locationOfLine(undefined, null)).toBeNull()
  })

  it("every line to fulfill is in exactly one group or said why not", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 0, max: 5 }),
            reserved: fc.option(fc.constantFrom("sloc_A", "sloc_B", "sloc_C")),
            change: fc.constantFrom(undefined, "exc_1", "claim_1"),
          }),
          { maxLength: 12 }
        ),
        (spec) => {
          const lines = spec.map((s, i) => ({
            id: `l${i}`,
            quantity: s.quantity,
          }))
          const { groups, skipped } = groupLines(
            base({
              lines,
              methods: [
                { shipping_option_id: "so_ground" },
                { shipping_option_id: "so_express", exchange_id: "exc_1" },
              ],
              addedBy: new Map(
                spec.flatMap((s, i) =>
                  s.change === "exc_1"
                    ? [[`l${i}`, { exchange_id: "exc_1" }] as const]
                    : s.change === "claim_1"
                      ? [[`l${i}`, { claim_id: "claim_1" }] as const]
                      : []
                )
              ),
              reservations: new Map(
                spec.flatMap((s, i) =>
                  s.reserved
                    ? [
                        [
                          `l${i}`,
                          [{ location_id: s.reserved, quantity: 1 }],
                        ] as const,
                      ]
                    : []
                )
              ),
            })
          )
          const grouped = groups.flatMap((g) => g.items.map((i) => i.id))
          const left = skipped.map((s) => s.line_id)
          const due = lines.filter((l) => l.quantity > 0).map((l) => l.id)
          expect([...grouped, ...left].sort()).toEqual([...due].sort())
          expect(new Set(grouped).size).toBe(grouped.length)
          const keys = groups.map(
            (g) => `${g.shipping_option_id}|${g.location_id}`
          )
          expect(new Set(keys).size).toBe(keys.length)
        }
      )
    )
  })
})

describe("what is left of the groups once registered lines count", () => {
  const groups = [
    {
      shipping_option_id: "so_ground",
      location_id: "sloc_A",
      items: [
        { id: "a", quantity: 2 },
        { id: "b", quantity: 1 },
      ],
    },
    {
      shipping_option_id: "so_ground",
      location_id: "sloc_B",
      items: [{ id: "c", quantity: 1 }],
    },
  ]
  it("takes registered quantities off, drops emptied groups", () => {
    expect(
      remainingGroups(groups, [
        { id: "a", quantity: 1 },
        { id: "c", quantity: 1 },
      ])
    ).toEqual([
      {
        shipping_option_id: "so_ground",
        location_id: "sloc_A",
        items: [
          { id: "a", quantity: 1 },
          { id: "b", quantity: 1 },
        ],
      },
    ])
    expect(remainingGroups(groups, [])).toEqual(groups)
    expect(remainingGroups([], [{ id: "a", quantity: 1 }])).toEqual([])
  })
})

describe("a stock location that cannot ship, in the admin's words", () => {
  const linked = { name: "Austin", has_address: true, provider_ids: ["p_1"] }
  it("not linked to the provider, or without an address among several warehouses", () => {
    expect(
      locationProblem(
        { ...linked, provider_ids: [] },
        { providerId: "p_1", several: true }
      )
    ).toMatch(
      /^The stock location “Austin” is not linked to the shipping services provider/
    )
    expect(
      locationProblem(
        { ...linked, has_address: false },
        { providerId: "p_1", several: true }
      )
    ).toMatch(/“Austin” has no address.*not shipped from another warehouse/)
    expect(
      locationProblem(undefined, { providerId: "p_1", several: true })
    ).toMatch(/no longer exists/)
  })
  it("one warehouse may have no address (the origin option stands in); a good one ships", () => {
    expect(
      locationProblem(
        { ...linked, has_address: false },
        { providerId: "p_1", several: false }
      )
    ).toBeNull()
    expect(
      locationProblem(linked, { providerId: "p_1", several: true })
    ).toBeNull()
  })
})
