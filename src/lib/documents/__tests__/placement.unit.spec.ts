import { cellsOf, PRINT_LAYOUTS, sheetLayout } from "../layouts"
import { apply, fitInto, placement, type Rotation } from "../placement"

const close = (a: number[], b: number[]) =>
  a.forEach((v, i) => expect(v).toBeCloseTo(b[i], 6))

describe("sheet layouts", () => {
  it.each([
    ["4x6", 288, 432, 1],
    ["letter-2up", 612, 792, 2],
    ["letter-4up", 612, 792, 4],
    ["a4-2up", 595.28, 841.89, 2],
    ["a4-4up", 595.28, 841.89, 4],
  ] as const)(
    "%s: %d x %d pt, %d cells inside the margins, none overlapping",
    (layout, w, h, n) => {
      const sheet = sheetLayout(layout)
      expect([sheet.width, sheet.height]).toEqual([w, h])
      const cells = cellsOf(sheet)
      expect(cells).toHaveLength(n)
      for (const c of cells) {
        expect(c.x).toBeGreaterThanOrEqual(sheet.margin - 1e-9)
        expect(c.y).toBeGreaterThanOrEqual(sheet.margin - 1e-9)
        expect(c.x + c.w).toBeLessThanOrEqual(w - sheet.margin + 1e-9)
        expect(c.y + c.h).toBeLessThanOrEqual(h - sheet.margin + 1e-9)
      }
      const area = cells.reduce((a, c) => a + c.w * c.h, 0)
      expect(area).toBeCloseTo(
        (w - 2 * sheet.margin) * (h - 2 * sheet.margin),
        6
      )
      // Reading order: the first cell is top-left.
      expect(cells[0].y + cells[0].h).toBeCloseTo(h - sheet.margin, 6)
      expect(cells[0].x).toBeCloseTo(sheet.margin, 6)
    }
  )

  it("thermal 4x6 pages have no margin; office sheets keep a quarter inch", () => {
    expect(sheetLayout("4x6").margin).toBe(0)
    for (const layout of PRINT_LAYOUTS.filter((l) => l !== "4x6"))
      expect(sheetLayout(layout).margin).toBe(18)
  })

  it("refuses an unknown layout by name", () => {
    expect(() => sheetLayout("legal-3up" as never)).toThrow(
      /layout must be one of 4x6, letter-2up/
    )
  })
})

describe("fitInto", () => {
  it("a 4x6 label fills a 4x6 page exactly", () => {
    const p = fitInto(
      288,
      432,
      { x: 0, y: 0, w: 288, h: 432 },
      { maxScale: 1, allowTurn: true }
    )
    expect(p.rotation).toBe(0)
    expect(p.scale).toBe(1)
    expect(p.matrix).toEqual([1, 0, 0, 1, 0, 0])
  })

  it("turns a 4x6 label on a half Letter sheet and keeps it at full size", () => {
    const cell = cellsOf(sheetLayout("letter-2up"))[0]
    const p = fitInto(288, 432, cell, { maxScale: 1, allowTurn: true })
    expect(p.rotation).toBe(90)
    expect(p.scale).toBe(1)
    expect([p.box.w, p.box.h]).toEqual([432, 288])
    // Centred.
    expect(p.box.x - cell.x).toBeCloseTo(
      cell.x + cell.w - (p.box.x + p.box.w),
      6
    )
  })

  it("shrinks a 4x6 label upright into a quarter Letter sheet, without distortion", () => {
    const cell = cellsOf(sheetLayout("letter-4up"))[0]
    const p = fitInto(288, 432, cell, { maxScale: 1, allowTurn: true })
    expect(p.rotation).toBe(0)
    expect(p.scale).toBeCloseTo(cell.h / 432, 6)
    expect(p.box.w / p.box.h).toBeCloseTo(288 / 432, 9)
    expect(p.box.h).toBeCloseTo(cell.h, 6)
  })

  it("never enlarges past maxScale, and keeps content upright on a tie", () => {
    const p = fitInto(
      100,
      100,
      { x: 0, y: 0, w: 400, h: 400 },
      { maxScale: 1, allowTurn: true }
    )
    expect(p.scale).toBe(1)
    expect(p.rotation).toBe(0)
    expect(p.box).toEqual({ x: 150, y: 150, w: 100, h: 100 })
  })

  it("shows a page's own /Rotate and adds a quarter turn on top when that is larger", () => {
    // A landscape page stored with /Rotate 90 reads as portrait 288 x 432.
    const p = fitInto(
      432,
      288,
      { x: 0, y: 0, w: 288, h: 432 },
      { rotation: 90, maxScale: 1, allowTurn: true }
    )
    expect(p.rotation).toBe(90)
    expect(p.scale).toBe(1)
    const q = fitInto(
      432,
      288,
      { x: 0, y: 0, w: 432, h: 288 },
      { rotation: 90, maxScale: 1, allowTurn: true }
    )
    expect(q.rotation).toBe(180)
  })

  it("refuses an empty content box", () => {
    expect(() => fitInto(0, 10, { x: 0, y: 0, w: 1, h: 1 })).toThrow(
      /positive size/
    )
  })
})

describe("placement matrices", () => {
  // Content corners (bottom-left, bottom-right, top-right, top-left) land on the box corners
  // turned clockwise by the rotation: the content's top edge ends on the box's top, right,
  // bottom and left side for 0, 90, 180 and 270.
  const W = 40
  const H = 60
  const cell = { x: 10, y: 20, w: 200, h: 200 }
  it.each([0, 90, 180, 270] as Rotation[])(
    "rotation %d maps the content box onto the placed box",
    (rotation) => {
      const p = placement(W, H, rotation, 2, cell)
      const corners = [
        apply(p.matrix, 0, 0),
        apply(p.matrix, W, 0),
        apply(p.matrix, W, H),
        apply(p.matrix, 0, H),
      ]
      const xs = corners.map((c) => c[0])
      const ys = corners.map((c) => c[1])
      close(
        [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
        [p.box.x, p.box.y, p.box.x + p.box.w, p.box.y + p.box.h]
      )
      const topMid = apply(p.matrix, W / 2, H)
      const centre = [p.box.x + p.box.w / 2, p.box.y + p.box.h / 2]
      const direction = { 0: [0, 1], 90: [1, 0], 180: [0, -1], 270: [-1, 0] }[
        rotation
      ]
      expect(Math.sign(Math.round(topMid[0] - centre[0]))).toBe(direction[0])
      expect(Math.sign(Math.round(topMid[1] - centre[1]))).toBe(direction[1])
    }
  )
})
