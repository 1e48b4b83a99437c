import type { LabelAddress } from "./types"

/** Which characters a renderer's font can show. */
export type Charset = "ascii" | "latin1" | "unicode"

const COMBINING_MARKS = /[\u0300-\u036f]/g
/** Letters that Unicode does not decompose into a base letter plus accents. */
const LIGATURES: Record<string, string> = {
  Æ: "AE",
  æ: "ae",
  Œ: "OE",
  œ: "oe",
  ß: "ss",
  Ø: "O",
  ø: "o",
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Ð: "D",
  ð: "d",
  Þ: "Th",
  þ: "th",
  ı: "i",
}
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]+/g

/**
 * Makes a field printable with the renderer's font: PDF standard fonts (WinAnsi) cover
 * Latin-1, the bitmap font of the PNG covers ASCII only, and ZPL with ^CI28 takes UTF-8.
 * Accents are dropped rather than replaced so "Zürich" stays readable as "Zurich".
 */
export function printable(value: string, charset: Charset): string {
  let s = value.replace(CONTROL, " ").replace(/\s+/g, " ").trim()
  if (charset === "unicode") {
    return s
  }
  const limit = charset === "ascii" ? 0x7e : 0xff
  if (hasBeyond(s, limit)) {
    s = s.normalize("NFKD").replace(COMBINING_MARKS, "")
    let out = ""
    for (const ch of s) {
      const code = ch.codePointAt(0)!
      out +=
        code <= limit && (code < 0x7f || code >= 0xa0)
          ? ch
          : (LIGATURES[ch] ?? "?")
    }
    s = out
  }
  return s
}

function hasBeyond(s: string, limit: number): boolean {
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) > limit) {
      return true
    }
  }
  return false
}

/**
 * Address as printed lines, at most `max`. When an address is longer than its box the
 * street lines are merged first and middle lines dropped next, because the name and the
 * city/postal/country lines matter most for delivery.
 */
export function addressLines(address: LabelAddress, max: number): string[] {
  const street = (address.addressLines ?? [])
    .map((l) => l.trim())
    .filter(Boolean)
  const cityLine = [
    [address.cityTown, address.stateProvince]
      .map((p) => p?.trim())
      .filter(Boolean)
      .join(", "),
    address.postalCode?.trim(),
  ]
    .filter(Boolean)
    .join(" ")
  const head = [address.name, address.company]
    .map((p) => p?.trim() ?? "")
    .filter(Boolean)
  const tail = [cityLine, address.countryCode?.trim() ?? ""].filter(Boolean)

  let lines = [...head, ...street, ...tail]
  if (lines.length > max && street.length > 1) {
    lines = [...head, street.join(", "), ...tail]
  }
  if (lines.length > max) {
    const keepTail = Math.min(tail.length, Math.max(0, max - 1))
    lines = [
      ...lines.slice(0, max - keepTail),
      ...lines.slice(lines.length - keepTail),
    ]
  }
  return lines
}

export function formatWeight(weightOz: number | undefined): string {
  if (weightOz === undefined || !Number.isFinite(weightOz)) {
    return "WEIGHT: N/A"
  }
  const lb = weightOz / 16
  return `WEIGHT: ${round(weightOz, 1)} OZ (${round(lb, 2)} LB)`
}

function round(n: number, digits: number): string {
  return String(Number(n.toFixed(digits)))
}

/** Cuts text to fit `maxWidth` under the renderer's own measure, marking the cut. */
export function fit(
  text: string,
  maxWidth: number,
  measure: (s: string) => number
): string {
  if (measure(text) <= maxWidth) {
    return text
  }
  let lo = 0
  let hi = text.length
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (measure(text.slice(0, mid) + "...") <= maxWidth) {
      lo = mid
    } else {
      hi = mid - 1
    }
  }
  return lo === 0 ? "" : text.slice(0, lo).trimEnd() + "..."
}
