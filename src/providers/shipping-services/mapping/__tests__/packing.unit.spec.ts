import { parsePluginOptions, type PluginOptions } from "../../../../options"
import { appPluginOptions } from "../../../../../dev/app-options"
import { chosenParcels } from "../chosen-parcels"
import { MAX_PARCEL_WEIGHT_OZ, packParcels } from "../packing"
import type { OrderLineLike, ShippedLine } from "../types"
import { buildParcel } from "../parcel"

const base = appPluginOptions({})
const opts = (extra: Record<string, unknown> = {}): PluginOptions =>
  parsePluginOptions({ ...base, ...extra })
const ground = { variant: "expedited" as const, serviceId: "UGA" }

/** A line of `quantity` units of `grams` each, sides in cm. */
function line(
  id: string,
  grams: number,
  sides: [number, number, number] | null,
  quantity = 1
): ShippedLine {
  const [length, width, height] = sides ?? [null, null, null]
  const l: OrderLineLike = {
    id,
    title: `Item ${id}`,
    quantity,
    variant: { id: `v_${id}`, weight: grams, length, width, height },
  }
  return { line: l, quantity }
}

const units = (lines: ShippedLine[]) =>
  lines.reduce((n, l) => n + l.quantity, 0)

describe("packParcels", () => {
  it("keeps one parcel, measured as before, when nothing breaks a limit and there are no boxes", () => {
    const lines = [line("a", 200, [30, 25, 3], 2), line("b", 400, [10, 10, 10])]
    const packed = packParcels(lines, opts(), ground)
    expect(packed.ok).toBe(true)
    if (!packed.ok) return
    expect(packed.parcels).toHaveLength(1)
    expect(packed.parcels[0].parcel).toEqual(buildParcel(lines, opts()).parcel)
    expect(packed.parcels[0].lines).toEqual(lines)
  })

  it("splits heavy items into parcels within the carrier's weight (three 25 kg items, 70 lb limit)", () => {
    const lines = [line("anvil", 25_000, [40, 30, 30], 3)]
    const packed = packParcels(
      lines,
      opts({ defaultParcel: undefined }),
      ground
    )
    expect(packed.ok).toBe(true)
    if (!packed.ok) return
    // 25 kg = 881.85 oz: two do not fit under 1120 oz, so one per parcel.
    expect(
      packed.parcels.map((p) => p.lines.map((l) => [l.line.id, l.quantity]))
    ).toEqual([[["anvil", 1]], [["anvil", 1]], [["anvil", 1]]])
    for (const p of packed.parcels)
      expect(p.parcel.weightOz).toBeLessThanOrEqual(
        MAX_PARCEL_WEIGHT_OZ.expedited
      )
  })

  it("splits when one parcel's length plus girth would pass 108 in, and allows 130 for Parcel Select", () => {
    // Six 60x30x20 cm boxes stacked: 120 x 60 x 30 cm = 47.25 + 2*(23.63+11.82) = 118.1 in: over 108, under 130.
    const lines = [line("box", 1_000, [60, 30, 20], 6)]
    const o = opts({ defaultParcel: undefined })
    const ground108 = packParcels(lines, o, ground)
    // Four stacked (80 cm) measure 102.4 in: four, then two.
    expect(
      ground108.ok && ground108.parcels.map((p) => units(p.lines))
    ).toEqual([4, 2])
    const select = packParcels(lines, o, {
      variant: "expedited",
      serviceId: "PS",
    })
    expect(select.ok && select.parcels.length).toBe(1)
  })

  it("packs into the merchant's boxes, largest items first, opening the smallest box that fits", () => {
    const o = opts({
      boxes: [
        { id: "small", length: 20, width: 15, height: 10, maxWeight: 2_000 },
        { id: "large", length: 50, width: 40, height: 30 },
      ],
    })
    const lines = [
      line("book", 500, [22, 15, 3], 2),
      line("pen", 20, [14, 1, 1], 3),
    ]
    const packed = packParcels(lines, o, ground)
    expect(packed.ok).toBe(true)
    if (!packed.ok) return
    // Books do not fit the small box (22 cm > 20): the large one; pens then fit beside them.
    expect(packed.parcels).toHaveLength(1)
    expect(packed.parcels[0].box).toBe("large")
    expect(packed.parcels[0].parcel.dimensionIn).toEqual({
      length: 19.69,
      width: 15.75,
      height: 11.82,
    })
    expect(units(packed.parcels[0].lines)).toBe(5)
  })

  it("opens another box when a box's weight is reached", () => {
    const o = opts({
      boxes: [
        {
          id: "crate",
          length: 60,
          width: 60,
          height: 60,
          maxWeight: 10_000,
          emptyWeight: 1_000,
        },
      ],
    })
    const packed = packParcels(
      [line("brick", 4_000, [20, 10, 6], 5)],
      o,
      ground
    )
    expect(packed.ok).toBe(true)
    if (!packed.ok) return
    // 1 kg box + 2 bricks = 9 kg; a third would be 13 kg: 2 + 2 + 1.
    expect(packed.parcels.map((p) => units(p.lines))).toEqual([2, 2, 1])
    expect(packed.parcels[0].parcel.weightOz).toBeCloseTo(
      9_000 / 28.349523125,
      1
    )
  })

  it("names the item that fits no box", () => {
    const o = opts({
      boxes: [{ id: "small", length: 20, width: 15, height: 10 }],
    })
    const packed = packParcels(
      [line("poster", 300, [90, 8, 8]), line("pen", 20, [14, 1, 1])],
      o,
      ground
    )
    expect(packed.ok).toBe(false)
    if (packed.ok) return
    expect(packed.violations).toEqual([
      expect.objectContaining({
        rule: "packing.item.fits-no-box",
        message: expect.stringContaining('"Item poster" fits no box'),
      }),
    ])
  })

  it("names an item that alone breaks a limit", () => {
    const packed = packParcels(
      [line("piano", 200_000, [150, 60, 140])],
      opts({ defaultParcel: undefined }),
      ground
    )
    expect(packed.ok).toBe(false)
    if (packed.ok) return
    expect(packed.violations[0]).toMatchObject({
      rule: "packing.item.over-limit",
      message: expect.stringContaining(
        '"Item piano" alone breaks a parcel limit'
      ),
    })
  })

  it("is deterministic: the same lines in any order give the same parcels", () => {
    const a = [
      line("x", 9_000, [30, 30, 30], 2),
      line("y", 12_000, [40, 30, 20], 2),
      line("z", 700, [10, 10, 10], 3),
    ]
    const o = opts({ defaultParcel: undefined })
    const first = packParcels(a, o, ground)
    const second = packParcels([...a].reverse(), o, ground)
    expect(first.ok && second.ok).toBe(true)
    if (!first.ok || !second.ok) return
    const shape = (r: typeof first) =>
      r.parcels.map((p) =>
        p.lines
          .map((l) => `${l.line.id}x${l.quantity}`)
          .sort()
          .join(",")
      )
    expect(shape(second)).toEqual(shape(first))
  })
})

describe("chosenParcels", () => {
  const lines = [line("a", 200, [30, 25, 3], 2), line("b", 400, [10, 10, 10])]

  it("takes an admin's parcels, weight given in the catalog unit", () => {
    const chosen = chosenParcels(
      lines,
      [
        { items: [{ line_item_id: "a", quantity: 2 }] },
        { items: [{ line_item_id: "b", quantity: 1 }], weight: 1_000 },
      ],
      opts()
    )
    expect(chosen.ok).toBe(true)
    if (!chosen.ok) return
    expect(
      chosen.parcels.map((p) => p.lines.map((l) => [l.line.id, l.quantity]))
    ).toEqual([[["a", 2]], [["b", 1]]])
    expect(chosen.parcels[1].parcel.weightOz).toBeCloseTo(35.28, 2)
  })

  it("refuses parcels that do not cover the fulfilled items exactly, naming the item", () => {
    const missing = chosenParcels(
      lines,
      [{ items: [{ line_item_id: "a", quantity: 1 }] }],
      opts()
    )
    expect(missing.ok).toBe(false)
    if (missing.ok) return
    expect(missing.violations.map((v) => v.message)).toEqual([
      '1 of "Item a" are in no parcel',
      '1 of "Item b" are in no parcel',
    ])
    const extra = chosenParcels(
      lines,
      [
        {
          items: [
            { line_item_id: "a", quantity: 3 },
            { line_item_id: "b", quantity: 1 },
          ],
        },
      ],
      opts()
    )
    expect(extra.ok || extra.violations[0].message).toBe(
      '"Item a" is packed 1 more time(s) than it is fulfilled'
    )
    const unknown = chosenParcels(
      lines,
      [{ items: [{ line_item_id: "zz", quantity: 1 }] }],
      opts()
    )
    expect(unknown.ok || unknown.violations[0]).toMatchObject({
      path: "parcels[0].items[0]",
      rule: "packing.chosen.line",
    })
  })
})
