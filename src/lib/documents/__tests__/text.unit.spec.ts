import { PDFDocument, StandardFonts, type PDFFont } from "pdf-lib"
import { fit, isWinAnsi, printable, wrap } from "../text"

let helvetica: PDFFont

beforeAll(async () => {
  const doc = await PDFDocument.create()
  helvetica = doc.embedStandardFont(StandardFonts.Helvetica)
})

const measure = (s: string) => helvetica.widthOfTextAtSize(s, 10)

describe("isWinAnsi", () => {
  it("agrees with pdf-lib's Helvetica character set on every code point up to U+FFFF", () => {
    const supported = new Set(helvetica.getCharacterSet())
    const disagree: string[] = []
    for (let cp = 0x20; cp <= 0xffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue
      if (isWinAnsi(cp) !== supported.has(cp)) disagree.push(cp.toString(16))
    }
    // pdf-lib lists a few code points (controls) Helvetica has no glyph for; we print none of them.
    expect(disagree.filter((cp) => isWinAnsi(parseInt(cp, 16)))).toEqual([])
  })
})

describe("printable", () => {
  it.each([
    ["Zoë Ünal", "Zoë Ünal"],
    ["François Müller-Lüdenscheidt", "François Müller-Lüdenscheidt"],
    // á is in Windows-1252 and stays; ř is not and loses its caron.
    ["Dvořák Łukasz", "Dvorák Lukasz"],
    ["Ştefan Ţăranu", "Stefan Taranu"],
    ["Иван Петров", "Ivan Petrov"],
    ["Σωκράτης", "Sokratis"],
    ["李雷", "??"],
    ["Anna 😀", "Anna ?"],
    // A family emoji is one grapheme of 5 code points: one "?".
    ["Anna 👩‍👩‍👧 Lee", "Anna ? Lee"],
    ["Flag 🇩🇪", "Flag ?"],
    ["ＡＢＣ ﬁne", "ABC fine"],
    ["Ze\u0301lie", "Zélie"],
    ["line one\nline two\ttab\u0000nul", "line one line two tab nul"],
    ["  spaced\u00a0\u2003out  ", "spaced out"],
    ["zero\u200bwidth", "zerowidth"],
    ["€ 12 – “quoted”", "€ 12 – “quoted”"],
  ])("%j → %j", (input, expected) => {
    expect(printable(input)).toBe(expected)
  })

  it("takes numbers, null and undefined", () => {
    expect(printable(1001)).toBe("1001")
    expect(printable(null)).toBe("")
    expect(printable(undefined)).toBe("")
  })

  it("never gives pdf-lib text it cannot encode, whatever the input", () => {
    let seed = 7
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let n = 0; n < 500; n++) {
      let s = ""
      for (let i = 0; i < 12; i++) {
        // Any code point, surrogate halves and astral planes included.
        s += String.fromCodePoint(Math.floor(next() * 0x1ffff)).replace(
          /[\ud800-\udfff]/g,
          "\ud83d"
        )
      }
      const out = printable(s)
      expect(() => helvetica.encodeText(out)).not.toThrow()
      expect(() => helvetica.widthOfTextAtSize(out, 10)).not.toThrow()
    }
  })
})

describe("fit and wrap", () => {
  it("cuts with an ellipsis only when the text is too wide", () => {
    expect(fit("short", 100, measure)).toBe("short")
    const cut = fit(
      "a rather long product title that will not fit",
      80,
      measure
    )
    expect(cut.endsWith("…")).toBe(true)
    expect(measure(cut)).toBeLessThanOrEqual(80)
  })

  it("wraps at spaces and ends the last allowed line with an ellipsis", () => {
    const lines = wrap(
      "Organic cotton T-shirt with a long name - M / Black / Limited edition",
      100,
      measure,
      2
    )
    expect(lines).toHaveLength(2)
    expect(lines[1].endsWith("…")).toBe(true)
    for (const l of lines) expect(measure(l)).toBeLessThanOrEqual(100)
    expect(wrap("two words", 100, measure, 2)).toEqual(["two words"])
    expect(wrap("", 100, measure, 2)).toEqual([])
  })
})
