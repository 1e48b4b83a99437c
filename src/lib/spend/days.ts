// No dependency: the admin uses it too.

/** Weeks start on Monday, as ISO weeks do. */
export const SPEND_PERIODS = ["day", "week", "month"] as const
export type SpendPeriod = (typeof SPEND_PERIODS)[number]

export const dayOf = (d: Date) => d.toISOString().slice(0, 10)
export const dateOf = (day: string) => new Date(`${day}T00:00:00.000Z`)

/** In UTC; months roll over as Date does (Jan 31 + 1 month is Mar 3). */
export function addToDay(
  day: string,
  by: { days?: number; months?: number; years?: number }
): string {
  const d = dateOf(day)
  d.setUTCFullYear(
    d.getUTCFullYear() + (by.years ?? 0),
    d.getUTCMonth() + (by.months ?? 0),
    d.getUTCDate() + (by.days ?? 0)
  )
  return dayOf(d)
}
