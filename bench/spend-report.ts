/**
 * The shipping spend report over BENCH_LABELS outbound labels (100,000) bought in 2026, beside as
 * many bought in 2025 (what the report's index skips): a
 * scratch database with the plugin's migrations and Medusa's order module's, seeded in SQL with
 * the labels and their orders' shipping methods (tax lines, discounts, two currencies, voids,
 * second parcels of another service, rate-shopped labels), then the report
 * (src/modules/shipping-services/spend-report.ts) timed: first its cold path (every order's
 * figures computed, as after the upgrade), then each case's wall time and the PostgreSQL
 * backend's CPU (/proc), medians of BENCH_RUNS runs, the plan's index scans (EXPLAIN ANALYZE)
 * and the rows' count, for a year by day and by month, one service, one currency, one month, and
 * a year after 1,000 orders changed since the last report.
 *
 *   npm run bench:spend-report
 *   BENCH_LABELS=20000 npm run bench:spend-report
 */
import {
  buildMigrationScript,
  createPgConnection,
} from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { readFileSync } from "node:fs"
import path from "node:path"
import { databaseUrl, dropDatabase, freshDatabase } from "../dev/database"
import {
  readSpendReport,
  refreshOrderSpend,
  REFRESH_SQL,
  spendStatement,
  type SpendFilter,
} from "../src/modules/shipping-services/spend-report"
import { root } from "./lib"

const LABELS = Number(process.env.BENCH_LABELS ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const DB = process.env.BENCH_DB ?? "shipping-bench-spend"
const GOAL_MS = 300
// One order in four has a second parcel (another service): 4 orders for 5 labels.
const ORDERS = Math.round((LABELS * 4) / 5)

async function migrate(clientUrl: string, moduleName: string, folder: string) {
  await buildMigrationScript({ moduleName, pathToMigrations: folder })({
    options: { database: { clientUrl } },
    logger: { info: () => undefined, error: console.error },
  } as never)
}

/** Orders over 2026, their shipping methods, tax lines and discounts, and their labels. */
/** A Medusa-like id: its prefix and 26 characters (ULIDs in Medusa), from a number. */
const ID = (prefix: string, n: string) =>
  `'${prefix}_' || upper(substr(md5((${n})::text), 1, 26))`

/**
 * Orders over :year, their shipping methods, tax lines and discounts, and their labels; :offset
 * keeps each year's ids apart. The report's year is 2026; 2025 is the history an index skips.
 */
const SEED = [
  `insert into "order" (id, currency_code, status, created_at)
   select ${ID("order", "g")}, case when g % 10 = 0 then 'cad' else 'usd' end,
          (case when g % 97 = 0 then 'canceled' else 'pending' end)::order_status_enum,
          make_timestamptz(:year, 1, 1, 0, 0, 0, 'UTC') + (g - :offset) * (interval '365 days' / :orders)
     from generate_series(:offset + 1, :offset + :orders) g`,
  `insert into order_shipping_method (id, name, amount, raw_amount, is_tax_inclusive)
   select ${ID("ordsm", "g")}, 'Ground', a, jsonb_build_object('value', a::text, 'precision', 20), g % 3 = 0
     from generate_series(:offset + 1, :offset + :orders) g,
          lateral (select case when g % 7 = 0 then 12 else 8 end::numeric a) x`,
  `insert into order_shipping (id, order_id, version, shipping_method_id)
   select ${ID("ordspmv", "g")}, ${ID("order", "g")}, 1, ${ID("ordsm", "g")}
     from generate_series(:offset + 1, :offset + :orders) g`,
  `insert into order_shipping_method_tax_line (id, code, rate, raw_rate, shipping_method_id)
   select ${ID("ordsmtxl", "g")}, 'ST', 8.25, '{"value":"8.25","precision":20}', ${ID("ordsm", "g")}
     from generate_series(:offset + 2, :offset + :orders, 2) g`,
  `insert into order_shipping_method_adjustment (id, amount, raw_amount, shipping_method_id)
   select ${ID("ordsmadj", "g")}, 2, '{"value":"2","precision":20}', ${ID("ordsm", "g")}
     from generate_series(:offset + 20, :offset + :orders, 20) g`,
  // Parcel 0 of every order (a void in 33, its refund requested in 66), parcel 1 of one in four.
  `insert into shipping_services_shipment (id, transaction_id, request_key, parcel_index, parcel_count,
     order_id, fulfillment_id, option_id, variant, carrier, service_id, status, void_status, voided_at,
     charges, rate_choice, created_at)
   select ${ID("ssship", "g * 2 + p")}, 'tx' || g || '_' || p, 'rk' || g || '_' || p, p,
          case when g % 4 = 0 then 2 else 1 end, o.id, ${ID("ful", "g")}, 'ground', 'expedited', 'POSTAL',
          case when p = 1 then 'PM' else (array['UGA', 'PM', 'PRCLSEL', 'EM'])[g % 4 + 1] end,
          case when p = 0 and g % 33 = 0 then 'voided' else 'created' end,
          case when p = 0 and g % 33 = 0 then (case when g % 66 = 0 then 'INITIATED' else 'APPROVED' end) end,
          case when p = 0 and g % 33 = 0 then o.created_at + interval '1 day' end,
          jsonb_build_object('totalCarrierCharge', 4 + (g % 700) / 100.0, 'baseCharge', 4,
            'totalTaxAmount', 0, 'totalDutyAmount', 0, 'currencyCode', upper(o.currency_code),
            'surcharges', '[]'::jsonb, 'specialServices', '[]'::jsonb),
          case when p = 0 and g % 5 = 0 then jsonb_build_object('strategy', 'cheapest',
            'default_service_id', 'PM', 'chosen_service_id', 'UGA', 'saving', 1.23,
            'currency', upper(o.currency_code), 'compared', '[]'::jsonb, 'promised_date', null) end,
          o.created_at + interval '1 hour' + p * interval '1 minute'
     from generate_series(:offset + 1, :offset + :orders) g
     join "order" o on o.id = ${ID("order", "g")}
     cross join generate_series(0, 1) p
    where p = 0 or g % 4 = 0`,
  // What the report leaves out: return labels, failed and pending purchases.
  `insert into shipping_services_shipment (id, transaction_id, request_key, order_id, option_id,
     variant, carrier, service_id, status, is_return, created_at)
   select ${ID("ssship", "-g")}, 'txx' || g, 'rkx' || g, ${ID("order", "g")}, 'ground', 'expedited', 'POSTAL', 'UGA',
          (array['created', 'failed', 'pending'])[g % 3 + 1], g % 3 = 0,
          make_timestamptz(:year, 1, 1, 0, 0, 0, 'UTC') + (g - :offset) * (interval '365 days' / :orders)
     from generate_series(:offset + 1, :offset + :orders / 10) g`,
]

/** The middle value (of an odd count; the upper middle of an even one). */
const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[xs.length >> 1]!

const CASES: { name: string; filter: SpendFilter; changed?: number }[] = [
  {
    name: "2026 by day",
    filter: { from: "2026-01-01", to: "2026-12-31", period: "day" },
  },
  {
    name: "2026 by month",
    filter: { from: "2026-01-01", to: "2026-12-31", period: "month" },
  },
  {
    name: "2026 by week, UGA only",
    filter: {
      from: "2026-01-01",
      to: "2026-12-31",
      period: "week",
      service: "UGA",
    },
  },
  {
    name: "2026 by day, cad only",
    filter: {
      from: "2026-01-01",
      to: "2026-12-31",
      period: "day",
      currency: "cad",
    },
  },
  {
    name: "March by day",
    filter: { from: "2026-03-01", to: "2026-03-31", period: "day" },
  },
  {
    name: "2026 by day, 1,000 orders changed since the last report",
    filter: { from: "2026-01-01", to: "2026-12-31", period: "day" },
    changed: 1000,
  },
]

/** CPU milliseconds a PostgreSQL backend has used so far (utime + stime from /proc). */
function backendCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8")
    .split(") ")[1]!
    .split(" ")
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

/** Index names the plan scans, and whether any table is read whole. */
function planUse(plan: string): { indexes: string[]; seqScans: string[] } {
  const indexes = new Set<string>()
  const seqScans = new Set<string>()
  for (const m of plan.matchAll(
    /Index (?:Only )?Scan(?: Backward)? using "?([^" ]+)"? on "?([^" ]+)"?/g
  ))
    indexes.add(`${m[1]} (${m[2]})`)
  for (const m of plan.matchAll(/Bitmap Index Scan on "?([^" ]+)"?/g))
    indexes.add(m[1]!)
  for (const m of plan.matchAll(/Seq Scan on "?([^" ]+)"?/g))
    seqScans.add(m[1]!)
  return { indexes: [...indexes], seqScans: [...seqScans] }
}

async function main() {
  await freshDatabase(DB)
  const clientUrl = databaseUrl(DB)
  const knex = createPgConnection({
    clientUrl,
    pool: { min: 1, max: 1 },
  } as never) as unknown as Knex
  try {
    await migrate(
      clientUrl,
      "shippingServices",
      path.join(root, "src/modules/shipping-services/migrations")
    )
    await migrate(
      clientUrl,
      "order",
      path.join(
        path.dirname(require.resolve("@medusajs/order/package.json")),
        "dist/migrations"
      )
    )
    const seedStart = Date.now()
    for (const [year, offset] of [
      [2025, ORDERS],
      [2026, 0],
    ])
      for (const statement of SEED)
        await knex.raw(
          // The bench's own numbers, written into the text (typed as the integers they are).
          statement
            .replace(/:orders/g, String(ORDERS))
            .replace(/:offset/g, String(offset))
            .replace(/:year/g, String(year))
        )
    await knex.raw("vacuum analyze")
    const [{ count }] = (
      await knex.raw(
        `select count(*)::int as count from shipping_services_shipment where is_return = false and status in ('created', 'voided') and created_at >= '2026-01-01' and created_at < '2027-01-01'`
      )
    ).rows
    console.log(
      `Seeded ${count} outbound labels of ${ORDERS} orders in ${((Date.now() - seedStart) / 1000).toFixed(1)} s (PostgreSQL ${(await knex.raw("show server_version")).rows[0].server_version}).\n`
    )

    const pid = (await knex.raw("select pg_backend_pid() as pid")).rows[0]
      .pid as number
    /** Wall and backend CPU ms of one call. */
    const timed = async (run: () => Promise<unknown>) => {
      const cpu0 = backendCpuMs(pid)
      const t0 = process.hrtime.bigint()
      await run()
      return {
        wall: Number(process.hrtime.bigint() - t0) / 1e6,
        cpu: backendCpuMs(pid) - cpu0,
      }
    }

    // The first report after the upgrade recomputes every labelled order (the migration marks
    // them all, as the trigger did while seeding); no parallel workers, so the CPU is all here.
    await knex.raw("set max_parallel_workers_per_gather = 0")
    const [{ orders }] = (
      await knex.raw(
        `select count(*)::int as orders from shipping_services_order_spend where changes > 0`
      )
    ).rows
    const cold = await timed(() => refreshOrderSpend(knex))
    console.log(
      `Cold path, the first report after the upgrade: ${orders} orders' figures computed in ${cold.wall.toFixed(0)} ms wall, ${cold.cpu.toFixed(0)} ms CPU.\n`
    )
    await knex.raw("vacuum analyze")

    console.log(
      `| report | rows | median wall ms (best) | median CPU ms, one backend alone | goal | indexes the plan scans | tables read whole |`
    )
    console.log(`|---|---|---|---|---|---|---|`)
    let failed = false
    for (const c of CASES) {
      const walls: number[] = []
      const cpus: number[] = []
      let rows = 0
      // Before each run, the orders changed since the last report (their labels or Medusa's order).
      const change = async () => {
        if (c.changed)
          await knex.raw(
            `update shipping_services_order_spend set changes = changes + 1
              where order_id in (select order_id from shipping_services_order_spend
                                  where label_day >= '2026-01-01' order by order_id offset ? limit ?)`,
            [walls.length + cpus.length, c.changed]
          )
      }
      // Wall time as the server is configured (parallel workers included); CPU with none, so
      // that the one backend's /proc figure is the whole statement's.
      for (const parallel of [true, false]) {
        await knex.raw(
          `set max_parallel_workers_per_gather = ${parallel ? "default" : 0}`
        )
        for (let i = 0; i < RUNS; i++) {
          await change()
          const t = await timed(async () => {
            rows = (await readSpendReport(knex, c.filter)).length
          })
          if (parallel) walls.push(t.wall)
          else cpus.push(t.cpu)
        }
      }
      await knex.raw("set max_parallel_workers_per_gather = default")
      await change()
      const { sql, bindings } = spendStatement(c.filter)
      const explain = async (statement: string, values?: object) =>
        (
          (await knex.raw(`explain (analyze, buffers) ${statement}`, values))
            .rows as { "QUERY PLAN": string }[]
        )
          .map((r) => r["QUERY PLAN"])
          .join("\n")
      const plan =
        (c.changed ? await explain(REFRESH_SQL) : "") +
        (await explain(sql, bindings))
      if (process.env.BENCH_PLAN) console.log(plan)
      const use = planUse(plan)
      const wall = median(walls)
      const ok = wall <= GOAL_MS
      failed ||= !ok
      console.log(
        `| ${c.name} | ${rows} | ${wall.toFixed(0)} (${Math.min(...walls).toFixed(0)}) | ${median(cpus).toFixed(0)} | ${ok ? "≤ 300 ms: met" : "> 300 ms: MISSED"} | ${use.indexes.join(", ") || "none"} | ${use.seqScans.join(", ") || "none"} |`
      )
    }
    if (failed) process.exitCode = 1
  } finally {
    await knex.destroy()
    if (!process.env.BENCH_KEEP_DB) await dropDatabase(DB)
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
