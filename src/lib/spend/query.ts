import { z } from "@medusajs/framework/zod"
import { SERVICE_IDS } from "../../shipping-api/constants"
import {
  addToDay,
  dateOf,
  dayOf,
  SPEND_PERIODS,
  type SpendPeriod,
} from "./days"

/** By period: a day-by-day report stops at two years. */
export const MAX_SPAN_YEARS: Record<SpendPeriod, number> = {
  day: 2,
  week: 5,
  month: 10,
}

/** Ending today (UTC). */
const DEFAULT_SPAN: Record<SpendPeriod, { days?: number; months?: number }> = {
  day: { days: 30 },
  week: { days: 7 * 12 },
  month: { months: 12 },
}

const SERVICES = Object.values(SERVICE_IDS).flat()
// Node's ICU knows every ISO 4217 code Medusa's currencies table holds.
const CURRENCIES = new Set(
  Intl.supportedValuesOf("currency").map((c) => c.toLowerCase())
)

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date as YYYY-MM-DD")
  .refine((v) => {
    const d = dateOf(v)
    return (
      !Number.isNaN(d.getTime()) &&
      v >= "1970-01-01" &&
      v <= "2999-12-31" &&
      dayOf(d) === v
    )
  }, "must be a real date between 1970-01-01 and 2999-12-31")

/** Whole UTC days, both ends included; without dates 30 days, 12 weeks or 12 months. */
export const AdminSpendQuery = z
  .strictObject({
    from: day.optional(),
    to: day.optional(),
    period: z
      .enum(SPEND_PERIODS, { error: "must be day, week or month" })
      .default("day"),
    service: z
      .enum(SERVICES as [string, ...string[]], {
        error: `must be a service id of the service: ${SERVICES.join(", ")}`,
      })
      .optional(),
    currency: z
      .string()
      .transform((v) => v.trim().toLowerCase())
      .refine(
        (v) => CURRENCIES.has(v),
        "must be an ISO 4217 currency code such as usd"
      )
      .optional(),
    format: z
      .enum(["json", "csv"], { error: "must be json or csv" })
      .default("json"),
  })
  .transform((q, ctx) => {
    const to = q.to ?? dayOf(new Date())
    const from =
      q.from ??
      addToDay(addToDay(to, negate(DEFAULT_SPAN[q.period])), { days: 1 })
    if (from > to)
      ctx.addIssue({
        code: "custom",
        path: ["from"],
        message: `must be on or before to (${to})`,
      })
    else if (to >= addToDay(from, { years: MAX_SPAN_YEARS[q.period] }))
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `must be less than ${MAX_SPAN_YEARS[q.period]} years after from when grouped by ${q.period}${q.period === "month" ? "" : " (group by a longer period for a longer range)"}`,
      })
    return { ...q, from, to }
  })
export type SpendQuery = z.output<typeof AdminSpendQuery>

const negate = (by: { days?: number; months?: number }) => ({
  days: -(by.days ?? 0),
  months: -(by.months ?? 0),
})
