/**
 * What the benches with a goal (the plugin within 15 % of Medusa's own) need to put the plugin beside Medusa's manual provider:
 * a manual shipping option, the counters of one measured window (CPU of each process and of
 * PostgreSQL, statements, transactions and rows from PostgreSQL's own counters, Redis commands),
 * and the side-by-side table with ratios and goals.
 *
 * Where the figures come from:
 * - CPU: /proc/<pid>/stat of each process (the app, each worker, PostgreSQL's backends of the
 *   bench's database, the sandbox, the bench's own redis-server).
 * - Transactions and rows: PostgreSQL's pg_stat_database for the bench's database (xact_commit +
 *   xact_rollback, tup_*), less the bench's own polling (counted, one transaction per query).
 *   pg_stat_statements would also give statements, but it needs `shared_preload_libraries` and a
 *   restart of the server, which this shared machine's PostgreSQL does not have.
 * - Statements: every query the app's processes send through node-postgres
 *   (dev/sql-counter.js), BEGIN/COMMIT/ROLLBACK/SAVEPOINT apart.
 * - Redis: `INFO commandstats` of a redis-server started for the bench alone (privateRedis), so
 *   nobody else's commands are in the deltas.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process"
import { readFileSync } from "node:fs"
import { connect } from "node:net"
import Redis from "ioredis"
import { sql } from "../dev/database"
import { freePort } from "../dev/net"
import type { Api } from "../dev/seed/api"
import {
  addFlatOption,
  ADDRESSES,
  placeOrder,
  type StoreSetup,
} from "../dev/seed/store"
import type { SqlCounts } from "../dev/cluster"

/** A manual-provider flat option in the same zone, profile and price as the plugin's postal-ground option. */
export async function addManualOption(
  api: Api,
  admin: { headers: Record<string, string> },
  store: StoreSetup
): Promise<string> {
  return addFlatOption(api, admin, store, {
    key: "manual",
    beside: "postal-ground",
    name: "Manual (flat)",
    provider_id: "manual_manual",
    data: { id: "manual-fulfillment" },
  })
}

/** The event dev/manual-fulfillment answers with Medusa's own fulfillment of the order (the manual side). */
export const MANUAL_FULFILL_EVENT = "dev.manual-fulfill.requested"

/**
 * `n` orders of each side (the plugin's postal-ground option, the manual one of addManualOption),
 * placed 8 at a time (4 of each) through the store API, the same cart on both sides.
 */
export async function placeBothSides(
  api: Api,
  store: StoreSetup,
  n: number
): Promise<{ plugin: string[]; manual: string[] }> {
  const placed = { plugin: [] as string[], manual: [] as string[] }
  for (let i = 0; i < n; i += 4) {
    const batch = await Promise.all(
      (["plugin", "manual"] as const).flatMap((side) =>
        Array.from({ length: Math.min(4, n - i) }, (_, j) =>
          placeOrder(api, store, {
            region: "us",
            address: ADDRESSES.newYork,
            optionId: side === "plugin" ? "postal-ground" : "manual",
            email: `${side}${i + j}@example.com`,
            items: [
              { variantId: store.products[(i + j) % 2].variantId, quantity: 1 },
            ],
          }).then((o) => ({ side, id: o.id }))
        )
      )
    )
    for (const o of batch) placed[o.side].push(o.id)
  }
  return placed
}

/** CPU ms so far of a process (Linux /proc: utime + stime, 100 ticks a second); 0 once gone. */
export function procCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return 0
  }
}

/** Resident memory of a process now, in MB. */
export function procRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8")
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024
  } catch {
    return 0
  }
}

/** CPU ms of PostgreSQL's backends of one database (pg_stat_activity), summed. */
async function postgresBackendsCpu(db: string): Promise<Map<number, number>> {
  const rows = await sql<{ pid: number }>(
    "postgres",
    `select pid from pg_stat_activity where datname = $1`,
    [db]
  )
  return new Map(rows.map((r) => [r.pid, procCpuMs(r.pid)]))
}

type PgStat = Record<
  | "xact_commit"
  | "xact_rollback"
  | "tup_returned"
  | "tup_fetched"
  | "tup_inserted"
  | "tup_updated"
  | "tup_deleted",
  number
>

async function pgStat(db: string): Promise<PgStat> {
  const [row] = await sql(
    "postgres",
    `select xact_commit, xact_rollback, tup_returned, tup_fetched, tup_inserted, tup_updated, tup_deleted
       from pg_stat_database where datname = $1`,
    [db]
  )
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, Number(v)])
  ) as PgStat
}

/** A redis-server of the bench's own (no other client's commands in its counters). */
export type PrivateRedis = {
  url: string
  pid: number
  commandStats(): Promise<Record<string, number>>
  stop(): void
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1")
    socket.once("connect", () => {
      socket.destroy()
      resolve(true)
    })
    socket.once("error", () => resolve(false))
  })
}

export async function privateRedis(): Promise<PrivateRedis | undefined> {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" })
  } catch {
    return undefined
  }
  const port = await freePort()
  const child: ChildProcess = spawn(
    "redis-server",
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
    ],
    { stdio: "ignore" }
  )
  const stop = () => {
    try {
      child.kill("SIGKILL")
    } catch {
      // gone
    }
  }
  process.on("exit", stop)
  const url = `redis://127.0.0.1:${port}`
  for (let i = 0; !(await accepts(port)); i++) {
    if (i > 100) throw new Error(`redis-server on port ${port} did not start`)
    await new Promise((r) => setTimeout(r, 100))
  }
  const client = new Redis(url, { maxRetriesPerRequest: 1 })
  return {
    url,
    pid: child.pid!,
    async commandStats() {
      const info = await client.info("commandstats")
      const stats: Record<string, number> = {}
      for (const m of info.matchAll(/cmdstat_([^:]+):calls=(\d+)/g))
        stats[m[1]!] = Number(m[2])
      return stats
    },
    stop() {
      client.disconnect()
      stop()
    },
  }
}

export type Measured = {
  orders: number
  wallS: number
  /** CPU ms per process during the window. */
  cpu: Record<string, number>
  /** RSS MB per Medusa process at the end of the window. */
  rssMb: Record<string, number>
  pgCpuMs: number
  /** Statements the app's processes sent (transaction control apart), and by kind. */
  sql: { statements: number; begins: number; byKind: Record<string, number> }
  /** pg_stat_database deltas, the bench's own polling taken out. */
  pg: PgStat
  /** Redis commands during the window (cluster), by command. */
  redis?: { total: number; byCommand: Record<string, number> }
  /** Events emitted during the window (one process: the event bus's interceptor), by name. */
  events?: { total: number; byName: Record<string, number> }
}

export type MeterSources = {
  db: string
  /** Medusa processes: name, pid, and their SQL counts. */
  processes: () => { name: string; pid: number; sql: () => SqlCounts }[]
  /** Other processes whose CPU is shown (sandbox, redis-server). */
  others?: { name: string; pid: number }[]
  /** The bench's own SQL counts (its polling is taken out of PostgreSQL's counters). */
  probes: () => SqlCounts
  redis?: PrivateRedis
  /** Events emitted so far, by name (one process). */
  events?: () => Record<string, number>
}

function sumCounts(list: SqlCounts[]) {
  const byKind: Record<string, number> = {}
  let statements = 0
  let begins = 0
  for (const c of list) {
    statements += c.statements
    begins += c.begin
    for (const [k, v] of Object.entries(c.byKind))
      byKind[k] = (byKind[k] ?? 0) + v
  }
  return { statements, begins, byKind }
}

function diffRecord(a: Record<string, number>, b: Record<string, number>) {
  const out: Record<string, number> = {}
  for (const [k, v] of Object.entries(b)) {
    const d = v - (a[k] ?? 0)
    if (d) out[k] = d
  }
  return out
}

/**
 * Starts counting one window; `stop()` waits `settleMs` (the work the window set off, and
 * PostgreSQL's statistics, which a backend reports within a second of going idle) and returns
 * the deltas.
 */
export async function startWindow(
  src: MeterSources,
  orders: number
): Promise<{
  stop: (t0: number, t1: number, settleMs?: number) => Promise<Measured>
}> {
  const procs = src.processes()
  const cpu0 = procs.map((p) => procCpuMs(p.pid))
  const others0 = (src.others ?? []).map((o) => procCpuMs(o.pid))
  const sql0 = procs.map((p) => p.sql())
  const pg0 = await pgStat(src.db)
  const probes0 = src.probes().probe
  const redis0 = await src.redis?.commandStats()
  const backends0 = await postgresBackendsCpu(src.db)
  const events0 = { ...src.events?.() }
  return {
    async stop(t0, t1, settleMs = 3000) {
      await new Promise((r) => setTimeout(r, settleMs))
      const backends1 = await postgresBackendsCpu(src.db)
      let pgCpuMs = 0
      for (const [pid, ms] of backends1)
        pgCpuMs += ms - (backends0.get(pid) ?? 0)
      const cpu: Record<string, number> = {}
      procs.forEach((p, i) => (cpu[p.name] = procCpuMs(p.pid) - cpu0[i]!))
      ;(src.others ?? []).forEach(
        (o, i) => (cpu[o.name] = procCpuMs(o.pid) - others0[i]!)
      )
      const rssMb: Record<string, number> = {}
      procs.forEach((p) => (rssMb[p.name] = procRssMb(p.pid)))
      const sql1 = procs.map((p) => p.sql())
      const redis1 = await src.redis?.commandStats()
      // Read last: every query this bench made so far is in PostgreSQL's counters by now.
      const probes = src.probes().probe - probes0
      const pg1 = await pgStat(src.db)
      const pg = diffRecord(pg0, pg1) as PgStat
      for (const k of Object.keys(pg1) as (keyof PgStat)[]) pg[k] = pg[k] ?? 0
      // dev/database.ts's sql() connects for each query: the connection's start is a
      // transaction of its own, then the query (measured: 2 per call).
      pg.xact_commit -= 2 * probes
      const a = sumCounts(sql0)
      const b = sumCounts(sql1)
      const redisBy = redis0 && redis1 ? diffRecord(redis0, redis1) : undefined
      const eventsBy = src.events
        ? diffRecord(events0, src.events())
        : undefined
      return {
        orders,
        wallS: (t1 - t0) / 1000,
        cpu,
        rssMb,
        pgCpuMs,
        sql: {
          statements: b.statements - a.statements,
          begins: b.begins - a.begins,
          byKind: diffRecord(a.byKind, b.byKind),
        },
        pg,
        ...(eventsBy
          ? {
              events: {
                total: Object.values(eventsBy).reduce((n, v) => n + v, 0),
                byName: eventsBy,
              },
            }
          : {}),
        ...(redisBy
          ? {
              redis: {
                total: Object.values(redisBy).reduce((n, v) => n + v, 0),
                byCommand: redisBy,
              },
            }
          : {}),
      }
    },
  }
}

const fmt = (n: number, digits = 1) =>
  Number.isFinite(n) ? n.toFixed(digits) : "–"

/** One row of the side-by-side table. */
export function row(
  label: string,
  plugin: number,
  manual: number,
  opts: { digits?: number; unit?: string; diff?: boolean; goal?: string } = {}
): string {
  const d = opts.digits ?? 1
  const cmp = opts.diff
    ? `${plugin - manual >= 0 ? "+" : ""}${fmt(plugin - manual, d)}`
    : `${fmt(plugin / manual, 2)}×`
  return `${label.padEnd(34)} ${(fmt(plugin, d) + (opts.unit ?? "")).padStart(11)} ${(fmt(manual, d) + (opts.unit ?? "")).padStart(11)} ${cmp.padStart(9)}${opts.goal ? `   ${opts.goal}` : ""}`
}

export function header(): string {
  return `${"".padEnd(34)} ${"plugin".padStart(11)} ${"manual".padStart(11)} ${"ratio".padStart(9)}`
}

/**
 * The database's and the bus's counts side by side, per `unit` (order or parcel): SQL statements
 * (and the BEGINs among them), transactions and rows written (pg_stat_database), events emitted
 * and Redis commands where they were measured.
 */
export function countRows(
  p: Measured,
  m: Measured,
  unit: string,
  opts: { begins?: boolean; rowsWritten?: boolean } = {}
): string[] {
  const per = (x: Measured, n: number) => n / x.orders
  const side = (label: string, count: (x: Measured) => number) =>
    row(label, per(p, count(p)), per(m, count(m)), { diff: true })
  const rows = [side(`SQL statements per ${unit}`, (x) => x.sql.statements)]
  if (opts.begins)
    rows.push(side("  of which in transactions: BEGIN", (x) => x.sql.begins))
  rows.push(
    side(
      `transactions per ${unit} (pg_stat)`,
      (x) => x.pg.xact_commit + x.pg.xact_rollback
    )
  )
  // (Rows read are left out: the benches' own polling reads the tables too.)
  if (opts.rowsWritten)
    rows.push(
      side(
        `rows written per ${unit} (pg_stat)`,
        (x) => x.pg.tup_inserted + x.pg.tup_updated + x.pg.tup_deleted
      )
    )
  if (p.events && m.events)
    rows.push(side(`events emitted per ${unit}`, (x) => x.events!.total))
  if (p.redis && m.redis)
    rows.push(side(`Redis commands per ${unit}`, (x) => x.redis!.total))
  return rows
}

/** The statement kinds where the plugin sends more per order than the manual provider. */
export function statementGap(
  plugin: Measured,
  manual: Measured,
  top = 25
): string[] {
  const kinds = new Set([
    ...Object.keys(plugin.sql.byKind),
    ...Object.keys(manual.sql.byKind),
  ])
  return [...kinds]
    .map((k) => ({
      k,
      p: (plugin.sql.byKind[k] ?? 0) / plugin.orders,
      m: (manual.sql.byKind[k] ?? 0) / manual.orders,
    }))
    .filter((r) => Math.abs(r.p - r.m) >= 0.05)
    .sort((a, b) => b.p - b.m - (a.p - a.m))
    .slice(0, top)
    .map(
      (r) =>
        `  ${r.k.padEnd(60)} ${fmt(r.p, 2).padStart(7)} ${fmt(r.m, 2).padStart(7)} ${(r.p - r.m >= 0 ? "+" : "") + fmt(r.p - r.m, 2)}`
    )
}

/** Redis commands per order, the largest first. */
export function redisGap(plugin: Measured, manual: Measured, top = 15) {
  if (!plugin.redis || !manual.redis) return []
  const kinds = new Set([
    ...Object.keys(plugin.redis.byCommand),
    ...Object.keys(manual.redis.byCommand),
  ])
  return [...kinds]
    .map((k) => ({
      k,
      p: (plugin.redis!.byCommand[k] ?? 0) / plugin.orders,
      m: (manual.redis!.byCommand[k] ?? 0) / manual.orders,
    }))
    .sort((a, b) => b.p - a.p)
    .slice(0, top)
    .map(
      (r) =>
        `  ${r.k.padEnd(24)} ${fmt(r.p, 1).padStart(7)} ${fmt(r.m, 1).padStart(7)}`
    )
}

/** Events per order, where the two sides differ. */
export function eventGap(plugin: Measured, manual: Measured, top = 20) {
  if (!plugin.events || !manual.events) return []
  const names = new Set([
    ...Object.keys(plugin.events.byName),
    ...Object.keys(manual.events.byName),
  ])
  return [...names]
    .map((k) => ({
      k,
      p: (plugin.events!.byName[k] ?? 0) / plugin.orders,
      m: (manual.events!.byName[k] ?? 0) / manual.orders,
    }))
    .sort((a, b) => b.p - b.m - (a.p - a.m))
    .slice(0, top)
    .map(
      (r) =>
        `  ${r.k.padEnd(60)} ${fmt(r.p, 2).padStart(7)} ${fmt(r.m, 2).padStart(7)}`
    )
}
