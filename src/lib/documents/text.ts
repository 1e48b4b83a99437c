// Helvetica unembedded is WinAnsi only and pdf-lib throws on other characters; a Unicode font would
// add megabytes a batch (CJK ~10 MB), so text is brought into Windows-1252 instead.

/** Windows-1252 letters in 0x80–0x9F, by Unicode code point. */
const CP1252_EXTRAS = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"

export function isWinAnsi(codePoint: number): boolean {
  if (codePoint >= 0x20 && codePoint <= 0x7e) return true
  if (codePoint >= 0xa0 && codePoint <= 0xff) return true
  return (
    codePoint > 0xff && CP1252_EXTRAS.includes(String.fromCodePoint(codePoint))
  )
}

/** Letters that Unicode does not decompose into a Latin base letter plus accents. */
const SINGLE: Record<string, string> = {
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Ħ: "H",
  ħ: "h",
  ı: "i",
  Ŧ: "T",
  ŧ: "t",
  Ŋ: "N",
  ŋ: "n",
  ĸ: "k",
  ſ: "s",
  Ǝ: "E",
  ə: "e",
  Ə: "E",
  "‐": "-",
  "‑": "-",
  "‒": "-",
  "−": "-",
  "′": "'",
  "″": '"',
  "⁄": "/",
}

/** Russian, Ukrainian and Belarusian, by the common passport-style transliteration. */
const CYRILLIC_UPPER = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯІЇЄҐЎ"
const CYRILLIC_LATIN = [
  "A",
  "B",
  "V",
  "G",
  "D",
  "E",
  "E",
  "Zh",
  "Z",
  "I",
  "Y",
  "K",
  "L",
  "M",
  "N",
  "O",
  "P",
  "R",
  "S",
  "T",
  "U",
  "F",
  "Kh",
  "Ts",
  "Ch",
  "Sh",
  "Shch",
  "",
  "Y",
  "",
  "E",
  "Yu",
  "Ya",
  "I",
  "Yi",
  "Ye",
  "G",
  "U",
]
const GREEK_UPPER = "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ"
const GREEK_LATIN = [
  "A",
  "V",
  "G",
  "D",
  "E",
  "Z",
  "I",
  "Th",
  "I",
  "K",
  "L",
  "M",
  "N",
  "X",
  "O",
  "P",
  "R",
  "S",
  "T",
  "Y",
  "F",
  "Ch",
  "Ps",
  "O",
]

const SCRIPT: Record<string, string> = (() => {
  const table: Record<string, string> = { ς: "s" }
  const add = (upper: string, latin: string[]) => {
    ;[...upper].forEach((ch, i) => {
      table[ch] = latin[i]
      table[ch.toLowerCase()] = latin[i].toLowerCase()
    })
  }
  add(CYRILLIC_UPPER, CYRILLIC_LATIN)
  add(GREEK_UPPER, GREEK_LATIN)
  return table
})()

/** For what cannot be drawn at all (CJK, emoji, …). */
export const REPLACEMENT = "?"

const COMBINING_MARKS = /\p{M}/gu
/** A line of print has none. */
const INVISIBLE = /[\p{Cc}\p{Zl}\p{Zp}]/gu
const FORMAT = /\p{Cf}/gu
const SPACES = /[\s\p{Zs}]+/gu

/** Intl.Segmenter is typed from ES2022; the project compiles against ES2021's lib. */
interface GraphemeSegmenter {
  segment(input: string): Iterable<{ segment: string }>
}
const graphemes: GraphemeSegmenter = new (
  Intl as unknown as {
    Segmenter: new (
      locale: string,
      options: { granularity: "grapheme" }
    ) => GraphemeSegmenter
  }
).Segmenter("en", { granularity: "grapheme" })

function drawable(s: string): boolean {
  for (const ch of s) {
    if (!isWinAnsi(ch.codePointAt(0)!)) return false
  }
  return true
}

function transliterate(cluster: string): string {
  // Removed per grapheme so a joined emoji stays one grapheme and becomes one "?".
  const grapheme = cluster.replace(FORMAT, "")
  if (!grapheme) return ""
  const composed = grapheme.normalize("NFC")
  if (drawable(composed)) return composed
  const stripped = grapheme.normalize("NFKD").replace(COMBINING_MARKS, "")
  if (stripped && drawable(stripped)) return stripped
  const mapped = [...stripped].map(
    (ch) => SINGLE[ch] ?? SCRIPT[ch] ?? (drawable(ch) ? ch : undefined)
  )
  if (mapped.length > 0 && mapped.every((m) => m !== undefined))
    return mapped.join("")
  return REPLACEMENT
}

/** Never throws: accents kept where Windows-1252 has them, Cyrillic and Greek transliterated, else "?". */
export function printable(value: unknown): string {
  const s = (value === undefined || value === null ? "" : String(value))
    .replace(INVISIBLE, " ")
    .replace(SPACES, " ")
    .trim()
  if (drawable(s)) return s
  let out = ""
  for (const { segment } of graphemes.segment(s)) {
    out += transliterate(segment)
  }
  return out
}

/** Ends with an ellipsis when cut. */
export function fit(
  text: string,
  maxWidth: number,
  measure: (s: string) => number
): string {
  if (measure(text) <= maxWidth) return text
  let lo = 0
  let hi = text.length
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (measure(text.slice(0, mid).trimEnd() + "…") <= maxWidth) lo = mid
    else hi = mid - 1
  }
  return lo === 0 ? "" : text.slice(0, lo).trimEnd() + "…"
}

/** A word longer than a line is cut; the last line ends with an ellipsis when text is left over. */
export function wrap(
  text: string,
  maxWidth: number,
  measure: (s: string) => number,
  maxLines: number
): string[] {
  const lines: string[] = []
  let line = ""
  for (const word of text.split(" ").filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (!line || measure(candidate) <= maxWidth) {
      line = candidate
    } else {
      lines.push(line)
      line = word
    }
  }
  if (line) lines.push(line)
  if (lines.length > maxLines) {
    const last = lines.slice(maxLines - 1).join(" ")
    return [...lines.slice(0, maxLines - 1), fit(last, maxWidth, measure)].map(
      (l) => fit(l, maxWidth, measure)
    )
  }
  return lines.map((l) => fit(l, maxWidth, measure))
}
