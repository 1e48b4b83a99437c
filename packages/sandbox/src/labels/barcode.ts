import bwipjs from "bwip-js"

/** Code 128 needs a quiet zone of at least 10 modules on each side to scan. */
export const QUIET_ZONE_MODULES = 10

export interface Code128 {
  text: string
  /** Alternating bar/space widths in modules, starting with a bar (bwip-js `sbs`). */
  widths: number[]
  /** Width of the symbol itself, without quiet zones. */
  modules: number
}

/**
 * Encodes with bwip-js but keeps only the bar widths: drawing the bars ourselves at whole
 * dots per module is both faster than bwip-js's renderer and exact at 203 dpi.
 */
export function code128(text: string): Code128 {
  if (!/^[\x20-\x7e]+$/.test(text)) {
    throw new Error(
      "trackingNumber must be printable ASCII to be encoded as Code 128"
    )
  }
  const raw = bwipjs.raw({ bcid: "code128", text }) as Array<{ sbs?: number[] }>
  const widths = raw[0]?.sbs
  if (!widths || widths.length === 0) {
    throw new Error(
      `bwip-js returned no Code 128 bars for trackingNumber ${JSON.stringify(text)}`
    )
  }
  let modules = 0
  for (const w of widths) {
    modules += w
  }
  return { text, widths, modules }
}

/** 2 dots at 203 dpi = 10 mil, the narrowest bar a handheld scanner reliably reads. */
export const MIN_MODULE_DOTS = 2

/**
 * Largest whole number of dots per module that fits the symbol and its quiet zones in
 * `availableDots`, capped so short numbers do not become absurdly wide.
 */
export function moduleDots(
  code: Code128,
  availableDots: number,
  maxDots = 4
): number {
  const m = Math.min(
    maxDots,
    Math.floor(availableDots / (code.modules + 2 * QUIET_ZONE_MODULES))
  )
  if (m < MIN_MODULE_DOTS) {
    throw new Error(
      `trackingNumber ${JSON.stringify(code.text)} is too long for a scannable Code 128 barcode on this label`
    )
  }
  return m
}
