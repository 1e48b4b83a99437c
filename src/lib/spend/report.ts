import { addToDay, type SpendPeriod } from "./days"

/** One service, period and currency: amounts in major units, never summed across currencies. */
export type SpendRow = {
  /** YYYY-MM-DD, UTC; a week starts on Monday. */
  period: string
  /** rates.serviceId, e.g. UGA. */
  service_id: string
  /** Lower case; null when the service answered no currency. */
  currency: string | null
  /** Voided ones included. */
  labels: number
  voided: number
  rate_shopped: number
  /** totalCarrierCharge of the labels not voided. */
  postage: number
  /** totalCarrierCharge of the voided labels (no postage paid for them)… */
  refunded: number
  /** …of which the carrier has only started the refund (void status INITIATED). */
  refund_pending: number
  /** totalTaxAmount + totalDutyAmount of the labels not voided (duty-paid cross-border). */
  duty_and_tax: number
  /** Tax excluded, discounts taken off (Medusa's totals). */
  shipping_charged: number
  shipping_tax: number
  /** Negative: what shipping cost. */
  difference: number
  /** The default service's amount minus the chosen one's. */
  saving: number
}

export const MONEY_FIELDS = [
  "postage",
  "refunded",
  "refund_pending",
  "duty_and_tax",
  "shipping_charged",
  "shipping_tax",
  "difference",
  "saving",
] as const
export const COUNT_FIELDS = ["labels", "voided", "rate_shopped"] as const
type Figures = Pick<
  SpendRow,
  (typeof MONEY_FIELDS)[number] | (typeof COUNT_FIELDS)[number]
>

/** Cents-exact, for amounts with at most two decimals. */
const add = (a: number, b: number) => Math.round((a + b) * 100) / 100

const zero = (): Figures =>
  Object.fromEntries(
    [...MONEY_FIELDS, ...COUNT_FIELDS].map((f) => [f, 0])
  ) as Figures

function addInto(into: Figures, row: Figures): void {
  for (const f of COUNT_FIELDS) into[f] += row[f]
  for (const f of MONEY_FIELDS) into[f] = add(into[f], row[f])
}

/** Currencies are never added together. */
export function totalsByCurrency(
  rows: SpendRow[]
): ({ currency: string | null } & Figures)[] {
  const out = new Map<string | null, { currency: string | null } & Figures>()
  for (const row of rows) {
    const t = out.get(row.currency) ?? { currency: row.currency, ...zero() }
    addInto(t, row)
    out.set(row.currency, t)
  }
  return [...out.values()].sort((a, b) =>
    (a.currency ?? "~").localeCompare(b.currency ?? "~")
  )
}

/** Empty periods too (the chart's axis). */
export function periodStarts(
  from: string,
  to: string,
  period: SpendPeriod
): string[] {
  const first = startOf(from, period)
  const step =
    period === "day"
      ? { days: 1 }
      : period === "week"
        ? { days: 7 }
        : { months: 1 }
  const out: string[] = []
  for (let p = first; p <= to; p = addToDay(p, step)) out.push(p)
  return out
}

/** As PostgreSQL's date_trunc. */
export function startOf(day: string, period: SpendPeriod): string {
  if (period === "day") return day
  if (period === "month") return `${day.slice(0, 7)}-01`
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay()
  return addToDay(day, { days: -((weekday + 6) % 7) })
}

/** All services together, empty periods as zeros (the chart). */
export function periodSeries(
  rows: SpendRow[],
  currency: string | null,
  periods: string[]
): ({ period: string } & Figures)[] {
  const by = new Map(periods.map((p) => [p, { period: p, ...zero() }]))
  for (const row of rows) {
    const into = row.currency === currency ? by.get(row.period) : undefined
    if (into) addInto(into, row)
  }
  return [...by.values()]
}
