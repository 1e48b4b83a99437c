import bwipjs from "bwip-js"
import { decodeCode128 } from "../../../../packages/sandbox/src/labels/__tests__/helpers"
import { barsOf, encodeCode128, QUIET_ZONE } from "../code128"

/** The symbol drawn 2 px per module with quiet zones, 12 rows high, as zxing luminance. */
function raster(text: string): {
  lum: Uint8ClampedArray
  width: number
  height: number
} {
  const symbol = encodeCode128(text)
  const px = 2
  const width = (symbol.modules + 2 * QUIET_ZONE) * px
  const height = 12
  const lum = new Uint8ClampedArray(width * height).fill(255)
  for (const [x, w] of barsOf(symbol)) {
    for (let y = 0; y < height; y++)
      lum.fill(
        0,
        y * width + (QUIET_ZONE + x) * px,
        y * width + (QUIET_ZONE + x + w) * px
      )
  }
  return { lum, width, height }
}

/** Deterministic random strings (mulberry32), so a failure can be reproduced. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe("encodeCode128", () => {
  it("encodes known vectors: values, check value and stop", () => {
    // Start C, 12, 34, check (105 + 12·1 + 34·2) mod 103 = 82, stop.
    expect(encodeCode128("1234").values).toEqual([105, 12, 34, 82, 106])
    // Start B, P J J 1 2 3 C as set-B values: check = 879 mod 103 = 55.
    expect(encodeCode128("PJJ123C").values).toEqual([
      104, 48, 42, 42, 17, 18, 19, 35, 55, 106,
    ])
    // A 4-digit tail switches to C: "AB" then CODE C, 12, 34.
    expect(encodeCode128("AB1234").values.slice(0, 6)).toEqual([
      104, 33, 34, 99, 12, 34,
    ])
    // An odd run of 5 at the end: first digit in B, then pairs in C.
    expect(encodeCode128("X12345").values.slice(0, 6)).toEqual([
      104, 56, 17, 99, 23, 45,
    ])
    // Controls before lower case start in set A (TAB = 73 in set A).
    expect(encodeCode128("\tA").values.slice(0, 3)).toEqual([103, 73, 33])
  })

  const bwip = (text: string) =>
    (bwipjs.raw({ bcid: "code128", text }) as Array<{ sbs: number[] }>)[0].sbs

  it("matches bwip-js bar for bar on order numbers", () => {
    for (const text of [
      "1001",
      "1002",
      "123456",
      "ORD-1001",
      "#1001",
      "A1",
      "order-2025",
      "98765432",
    ]) {
      expect({ text, widths: encodeCode128(text).widths }).toEqual({
        text,
        widths: bwip(text),
      })
    }
  })

  it("is never wider than bwip-js's encoding (it may pick set C where bwip-js stays in B)", () => {
    for (const text of [
      "order-2025-0001",
      "AB1234",
      "X12345",
      "a1b2c3d4",
      "ABCDEF123456ghi",
    ]) {
      const sum = (w: number[]) => w.reduce((a, b) => a + b, 0)
      expect(encodeCode128(text).modules).toBeLessThanOrEqual(sum(bwip(text)))
    }
  })

  it("every element is 1–4 modules, 11 per symbol value, 13 for the stop", () => {
    const symbol = encodeCode128("Order 1001 / x")
    expect(symbol.widths.every((w) => w >= 1 && w <= 4)).toBe(true)
    expect(symbol.modules).toBe((symbol.values.length - 1) * 11 + 13)
    expect(symbol.widths.length % 2).toBe(1) // starts and ends with a bar
  })

  it("zxing decodes 300 random ASCII strings back to themselves", () => {
    const next = random(13)
    for (let n = 0; n < 300; n++) {
      const len = 1 + Math.floor(next() * 20)
      let text = ""
      for (let i = 0; i < len; i++) {
        // Mostly digits and letters (so set C runs and switches happen), some punctuation.
        const r = next()
        text +=
          r < 0.45
            ? String(Math.floor(next() * 10))
            : String.fromCharCode(32 + Math.floor(next() * 95))
      }
      const { lum, width, height } = raster(text)
      expect(decodeCode128(lum, width, height)).toBe(text)
    }
  })

  it("refuses empty and non-ASCII text, naming the character", () => {
    expect(() => encodeCode128("")).toThrow(/must not be empty/)
    expect(() => encodeCode128("Nº1")).toThrow(/must be ASCII.*"º" at 1/)
  })
})
