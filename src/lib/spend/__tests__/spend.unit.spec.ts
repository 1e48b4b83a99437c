import { spendCsv } from "../csv"
import { addToDay, dayOf } from "../days"
import { AdminSpendQuery } from "../query"
import {
  periodSeries,
  periodStarts,
  startOf,
  totalsByCurrency,
  type SpendRow,
} from "../report"

const row = (over: Partial<SpendRow>): SpendRow => ({
  period: "2026-11-02",
  service_id: "UGA",
  currency: "usd",
  labels: 0,
  voided: 0,
  rate_shopped: 0,
  postage: 0,
  refunded: 0,
  refund_pending: 0,
  duty_and_tax: 0,
  shipping_charged: 0,
  shipping_tax: 0,
  difference: 0,
  saving: 0,
  ...over,
})

const issues = (input: Record<string, unknown>) => {
  const parsed = AdminSpendQuery.safeParse(input)
  return parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)
}

describe("spend report query", () => {
  it("defaults to the last 30 days by day, 12 weeks by week, 12 months by month", () => {
    const today = dayOf(new Date())
    expect(AdminSpendQuery.parse({})).toEqual({
      from: addToDay(today, { days: -29 }),
      to: today,
      period: "day",
      format: "json",
    })
    expect(
      AdminSpendQuery.parse({ to: "2026-11-30", period: "week" }).from
    ).toBe("2026-09-08")
    expect(
      AdminSpendQuery.parse({ to: "2026-11-30", period: "month" }).from
    ).toBe("2025-12-01")
  })

  it("normalises a currency and keeps a known service", () => {
    expect(
      AdminSpendQuery.parse({
        from: "2026-01-01",
        to: "2026-01-31",
        currency: " USD ",
        service: "UGA",
        format: "csv",
      })
    ).toMatchObject({ currency: "usd", service: "UGA", format: "csv" })
  })

  it("refuses a reversed range, naming from", () => {
    expect(issues({ from: "2026-02-01", to: "2026-01-31" })).toEqual([
      "from: must be on or before to (2026-01-31)",
    ])
  })

  it("refuses more than two years by day, but not by week or month", () => {
    expect(issues({ from: "2024-01-01", to: "2025-12-31" })).toEqual([])
    expect(issues({ from: "2024-01-01", to: "2026-01-01" })).toEqual([
      "to: must be less than 2 years after from when grouped by day (group by a longer period for a longer range)",
    ])
    expect(
      issues({ from: "2024-01-01", to: "2026-01-01", period: "week" })
    ).toEqual([])
    expect(
      issues({ from: "2016-01-01", to: "2026-01-01", period: "month" })
    ).toEqual([
      "to: must be less than 10 years after from when grouped by month",
    ])
  })

  it.each([
    [{ from: "01/02/2026" }, "from: must be a date as YYYY-MM-DD"],
    [
      { to: "2026-02-30" },
      "to: must be a real date between 1970-01-01 and 2999-12-31",
    ],
    [
      { from: "0000-01-01" },
      "from: must be a real date between 1970-01-01 and 2999-12-31",
    ],
    [{ from: "2026-1-1" }, "from: must be a date as YYYY-MM-DD"],
    [{ period: "year" }, "period: must be day, week or month"],
    [{ service: "GROUND" }, "service: must be a service id of the service"],
    [
      { currency: "usx" },
      "currency: must be an ISO 4217 currency code such as usd",
    ],
    [{ format: "xlsx" }, "format: must be json or csv"],
    [{ from: ["2026-01-01", "2026-01-02"] }, "from: "],
    [{ extra: "1" }, "Unrecognized key"],
  ])("refuses %j, naming the field and the rule", (input, message) => {
    expect(issues(input).join("; ")).toContain(message)
  })
})

describe("spend report periods", () => {
  it("starts a week on Monday and a month on its first day, as PostgreSQL's date_trunc", () => {
    expect(startOf("2026-11-29", "week")).toBe("2026-11-23") // a Sunday
    expect(startOf("2026-11-23", "week")).toBe("2026-11-23") // a Monday
    expect(startOf("2026-11-29", "month")).toBe("2026-11-01")
    expect(startOf("2026-11-29", "day")).toBe("2026-11-29")
  })

  it("lists every period of the range, the first one clipped to its start", () => {
    expect(periodStarts("2026-01-30", "2026-02-02", "day")).toEqual([
      "2026-01-30",
      "2026-01-31",
      "2026-02-01",
      "2026-02-02",
    ])
    expect(periodStarts("2026-01-31", "2026-04-01", "month")).toEqual([
      "2026-01-01",
      "2026-02-01",
      "2026-03-01",
      "2026-04-01",
    ])
    expect(periodStarts("2026-11-25", "2026-12-08", "week")).toEqual([
      "2026-11-23",
      "2026-11-30",
      "2026-12-07",
    ])
    expect(periodStarts("2024-01-01", "2025-12-31", "day")).toHaveLength(731)
  })
})

describe("spend report sums", () => {
  const rows = [
    row({
      service_id: "PM",
      labels: 1,
      postage: 5.81,
      shipping_charged: 8,
      difference: 2.19,
    }),
    row({
      service_id: "UGA",
      labels: 2,
      voided: 1,
      postage: 0.1,
      refunded: 4.2,
      difference: -0.1,
    }),
    row({
      period: "2026-11-09",
      labels: 1,
      postage: 0.2,
      difference: -0.2,
      saving: 1.05,
    }),
    row({
      currency: "cad",
      labels: 1,
      postage: 9.99,
      shipping_charged: 12,
      difference: 2.01,
    }),
  ]

  it("totals each currency apart, cents exact", () => {
    expect(totalsByCurrency(rows)).toEqual([
      expect.objectContaining({
        currency: "cad",
        labels: 1,
        postage: 9.99,
        difference: 2.01,
      }),
      expect.objectContaining({
        currency: "usd",
        labels: 4,
        voided: 1,
        postage: 6.11,
        refunded: 4.2,
        shipping_charged: 8,
        difference: 1.89,
        saving: 1.05,
      }),
    ])
  })

  it("gives one currency's periods for the chart, empty periods as zeros", () => {
    const series = periodSeries(rows, "usd", [
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
    ])
    expect(
      series.map((p) => [p.period, p.labels, p.postage, p.difference])
    ).toEqual([
      ["2026-11-02", 3, 5.91, 2.09],
      ["2026-11-09", 1, 0.2, -0.2],
      ["2026-11-16", 0, 0, 0],
    ])
  })

  it("writes the rows as CSV, money with two decimals, a header first", () => {
    const csv = spendCsv([
      rows[0]!,
      row({ currency: null, service_id: "=cmd()" }),
    ])
    expect(csv.split("\r\n")).toEqual([
      "period,service_id,currency,labels,voided,rate_shopped,postage,refunded,refund_pending,duty_and_tax,shipping_charged,shipping_tax,difference,saving",
      "2026-11-02,PM,usd,1,0,0,5.81,0.00,0.00,0.00,8.00,0.00,2.19,0.00",
      "2026-11-02,'=cmd(),,0,0,0,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00",
      "",
    ])
  })
})
