import type { ServiceOption } from "../../options/schema"
import { SETUP_LANES, type FlatAmount, type SetupLane } from "./types"

/** A currency named beats a lane named, which beats the service alone. */
export function flatAmountFor(
  amounts: readonly FlatAmount[],
  service: string,
  lane: SetupLane,
  currency: string
): number | undefined {
  let best: { score: number; amount: number } | undefined
  for (const a of amounts) {
    if (a.service !== service) continue
    if (a.lane && a.lane !== lane) continue
    if (a.currency_code && a.currency_code.toLowerCase() !== currency) continue
    const score = (a.currency_code ? 2 : 0) + (a.lane ? 1 : 0)
    if (!best || score > best.score) best = { score, amount: a.amount }
  }
  return best?.amount
}

/** The merchant then wants a flat option there. */
export function hasFlatAmount(
  amounts: readonly FlatAmount[],
  service: string,
  lane: SetupLane,
  currencies: readonly string[]
): boolean {
  return amounts.some(
    (a) =>
      a.service === service &&
      (!a.lane || a.lane === lane) &&
      (!a.currency_code || currencies.includes(a.currency_code.toLowerCase()))
  )
}

/** As `flat_amounts[i].service: …`. */
export function unknownFlatServices(
  amounts: readonly FlatAmount[],
  services: readonly Pick<ServiceOption, "id">[]
): string[] {
  const ids = services.map((s) => s.id)
  return amounts.flatMap((a, i) =>
    ids.includes(a.service)
      ? []
      : [
          `flat_amounts[${i}].service: "${a.service}" is not a configured service (configured: ${ids.join(", ")})`,
        ]
  )
}

const FLAT_ARGUMENT =
  /^([A-Za-z0-9_.-]+)((?::[A-Za-z-]+){0,2})=(\d+(?:\.\d+)?)$/

/** `<service>[:<lane>][:<currency>]=<amount>`, e.g. `postal-priority:cross-border:usd=19.5`. */
export function parseFlatArgument(argument: string): FlatAmount {
  const m = FLAT_ARGUMENT.exec(argument.trim())
  if (!m)
    throw new Error(
      `--flat ${argument}: expected <service>[:<lane>][:<currency>]=<amount>, e.g. postal-ground=8.00 or cross-border:usd=19.50`
    )
  const out: FlatAmount = { service: m[1]!, amount: Number(m[3]) }
  for (const part of m[2]!.split(":").filter(Boolean)) {
    const p = part.toLowerCase()
    if ((SETUP_LANES as readonly string[]).includes(p)) {
      if (out.lane) throw new Error(`--flat ${argument}: names two lanes`)
      out.lane = p as SetupLane
    } else if (/^[a-z]{3}$/.test(p)) {
      if (out.currency_code)
        throw new Error(`--flat ${argument}: names two currencies`)
      out.currency_code = p
    } else {
      throw new Error(
        `--flat ${argument}: "${part}" is neither a lane (${SETUP_LANES.join(", ")}) nor a three-letter currency code`
      )
    }
  }
  return out
}
