import type { SetupLane } from "./types"

export const LANE_LABEL: Record<SetupLane, string> = {
  domestic: "Domestic",
  "cross-border": "Cross-border",
}

/** Shown before "and N more". */
const SAMPLE = 10

export const upper = (c: string) => c.toUpperCase()
export const list = (xs: readonly string[]) =>
  xs.length > SAMPLE
    ? `${xs.slice(0, SAMPLE).join(", ")} and ${xs.length - SAMPLE} more`
    : xs.join(", ")
export const uniq = <T>(xs: readonly T[]) => [...new Set(xs)]

/** Grouped by message; the first few when every country has its own. */
export function refusals(refused: Map<string, string[]>): string {
  const groups = [...refused].map(([message, cs]) => `${list(cs)}: ${message}`)
  const shown = groups.slice(0, 3)
  const more = [...refused.values()].slice(3).flat().length
  return `${shown.join("; ")}${more ? `; and ${more} more countr${more === 1 ? "y" : "ies"}` : ""}`
}
