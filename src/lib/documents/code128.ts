// Code 128 by hand: bwip-js is 13 MB installed and ~30 ms to load for one symbology; tests check
// this against bwip-js and zxing.

/** Widths in modules of symbol values 0–106 (106 = stop, which has 7 elements). */
const PATTERNS = (
  "212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 " +
  "122132 122231 113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 " +
  "321221 312212 322112 322211 212123 212321 232121 111323 131123 131321 112313 132113 132311 " +
  "211313 231113 231311 112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 " +
  "213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 111422 " +
  "121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 " +
  "241112 134111 111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 " +
  "412121 111143 111341 131141 114113 114311 411113 411311 113141 114131 311141 411131 211412 " +
  "211214 211232 2331112"
).split(" ")

const START = { A: 103, B: 104, C: 105 } as const
/** The same value means "to A"/"to B"/"to C" in every set that has it. */
const CODE_A = 101
const CODE_B = 100
const CODE_C = 99
const STOP = 106

/** In modules (the standard asks for at least 10). */
export const QUIET_ZONE = 10

type CodeSet = "A" | "B" | "C"

export interface Code128Symbol {
  text: string
  /** Start to stop, check value included. */
  values: number[]
  /** Alternating bar/space, starting with a bar. */
  widths: number[]
  /** Without quiet zones. */
  modules: number
}

function digitRun(text: string, from: number): number {
  let n = 0
  while (
    from + n < text.length &&
    text.charCodeAt(from + n) >= 48 &&
    text.charCodeAt(from + n) <= 57
  )
    n++
  return n
}

/** Set A holds controls and upper case, B upper and lower case: pick by what comes first. */
function letterSet(text: string, from: number): "A" | "B" {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 32) return "A"
    if (c >= 96) return "B"
  }
  return "B"
}

function valueIn(set: "A" | "B", code: number): number {
  return set === "A" ? (code < 32 ? code + 64 : code - 32) : code - 32
}

function fits(set: "A" | "B", code: number): boolean {
  return set === "A" ? code < 96 : code >= 32
}

/** Set C for runs of 4+ digits at the ends and 6+ in the middle, else B (or A for controls). */
export function encodeCode128(text: string): Code128Symbol {
  if (text.length === 0) {
    throw new Error("Code 128 text must not be empty")
  }
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 127) {
      throw new Error(
        `Code 128 text must be ASCII; ${JSON.stringify(text)} has ${JSON.stringify(text[i])} at ${i}`
      )
    }
  }
  const values: number[] = []
  const leading = digitRun(text, 0)
  let set: CodeSet =
    leading >= 4 || (leading === 2 && text.length === 2)
      ? "C"
      : letterSet(text, 0)
  values.push(START[set])
  let i = 0
  while (i < text.length) {
    if (set === "C") {
      if (digitRun(text, i) >= 2) {
        values.push(Number(text.slice(i, i + 2)))
        i += 2
        continue
      }
      set = letterSet(text, i)
      values.push(set === "A" ? CODE_A : CODE_B)
      continue
    }
    const run = digitRun(text, i)
    const atEnd = i + run === text.length
    if (run >= 6 || (run >= 4 && atEnd)) {
      // An odd run puts its first digit in the current set so set C gets pairs.
      if (run % 2 === 1) {
        values.push(valueIn(set, text.charCodeAt(i)))
        i++
      }
      values.push(CODE_C)
      set = "C"
      continue
    }
    const code = text.charCodeAt(i)
    if (!fits(set, code)) {
      set = set === "A" ? "B" : "A"
      values.push(set === "A" ? CODE_A : CODE_B)
    }
    values.push(valueIn(set, code))
    i++
  }
  let check = values[0]
  for (let k = 1; k < values.length; k++) check += k * values[k]
  values.push(check % 103, STOP)

  const widths: number[] = []
  for (const v of values) {
    for (const ch of PATTERNS[v]) widths.push(ch.charCodeAt(0) - 48)
  }
  return { text, values, widths, modules: widths.reduce((a, b) => a + b, 0) }
}

/** In modules from the symbol's left edge (quiet zone not included). */
export function barsOf(symbol: Code128Symbol): Array<[number, number]> {
  const bars: Array<[number, number]> = []
  let x = 0
  symbol.widths.forEach((w, k) => {
    if (k % 2 === 0) bars.push([x, w])
    x += w
  })
  return bars
}
