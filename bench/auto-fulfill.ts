/**
 * Automatic fulfilment of a burst of 200 orders (issues 5 and 12). The sandbox runs in its own
 * process, as the real service would, set to answer each create after 300 ms. 200 orders are
 * placed through the store API with automatic fulfilment held back, then `order.placed` is
 * emitted for all of them at once.
 *
 *   npm run bench:auto-fulfill                 one process: the app boots in this process
 *                                              (Medusa's own loaders, as `medusa start` does),
 *                                              local event bus, in-memory workflow engine
 *   npm run bench:auto-fulfill -- --workers 2  Medusa's production topology (dev/cluster.ts):
 *                                              one server and N worker processes on Redis;
 *                                              orders are placed with no worker running, the
 *                                              burst is put on the event bus once the workers
 *                                              are up
 *
 * Prints the wall time against 1.3 × (200 × 0.3 s / 8), the peak of creates in flight (per
 * process: the sandbox counts per access token, and each process has its own), the labels
 * created (200, no duplicates), and CPU ms per order of each process.
 * BENCH_ORDERS changes the count; BENCH_PROFILE=1 writes a CPU profile of the burst (per
 * worker in cluster mode; bench/profile-summary.ts prints its top entries);
 * BENCH_SANDBOX=inprocess (one process only) runs the sandbox in this process instead.
 * BENCH_WEBHOOKS=off keeps the sandbox from sending its tracking webhooks (one per label as it is
 * created): the burst without the work of receiving and applying them, to see their share.
 */
import express from "express"
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { Modules } from "@medusajs/framework/utils"
import { prepareCluster, type Cluster } from "../dev/cluster"
import { databaseUrl, freshDatabase, sql } from "../dev/database"
import { medusa, root, startSandboxProcess, type SandboxProcess } from "./lib"
import { startSandbox } from "../packages/sandbox/src"
import { sandboxControl } from "../dev/sandbox-control"
import { fetchApi, type Api } from "../dev/seed/api"
import {
  ADDRESSES,
  placeOrder,
  setupStore,
  type StoreSetup,
} from "../dev/seed/store"
import { adminHeaders } from "../integration-tests/helpers/admin"
import { SHIPPING_SERVICES_MODULE } from "../src/options/resolve"
import type { StatsSnapshot } from "../packages/sandbox/src/stats"
import { parsePluginOptions } from "../src/options/parse"
import { appPluginOptions } from "../dev/app-options"

const DB = "medusa_shipping_services_bench_auto"
const ORDERS = Number(process.env.BENCH_ORDERS ?? 200)
const LATENCY_MS = 300
const PORT = Number(process.env.BENCH_PORT ?? 9124)
const ADMIN = { email: "bench@example.com", password: "bench-password" }

function workersArg(): number | undefined {
  const i = process.argv.indexOf("--workers")
  if (i === -1) return undefined
  const n = Number(process.argv[i + 1])
  if (!Number.isInteger(n) || n < 1)
    throw new Error("--workers needs a whole number ≥ 1")
  return n
}

/** Profiles the burst only (BENCH_PROFILE=1): a .cpuprofile for Chrome DevTools or speedscope. */
async function startProfile(): Promise<() => Promise<string>> {
  const inspector = await import("node:inspector")
  const { writeFileSync } = await import("node:fs")
  const session = new inspector.Session()
  session.connect()
  const post = (method: string, params?: object) =>
    new Promise<any>((res, rej) =>
      session.post(method, params ?? {}, (e, r) => (e ? rej(e) : res(r)))
    )
  await post("Profiler.enable")
  await post("Profiler.start")
  return async () => {
    const { profile } = await post("Profiler.stop")
    const file = `${root}/bench/auto-fulfill.cpuprofile`
    writeFileSync(file, JSON.stringify(profile))
    return file
  }
}

async function placeOrders(api: Api, store: StoreSetup): Promise<string[]> {
  console.log(`placing ${ORDERS} orders through the store API`)
  const orders: string[] = []
  for (let i = 0; i < ORDERS; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, ORDERS - i) }, (_, j) =>
        placeOrder(api, store, {
          region: "us",
          address: ADDRESSES.newYork,
          optionId: "postal-ground",
          email: `shopper${i + j}@example.com`,
          items: [
            { variantId: store.products[(i + j) % 2].variantId, quantity: 1 },
          ],
        })
      )
    )
    orders.push(...batch.map((o) => o.id))
  }
  return orders
}

/** Until every order's automatic fulfilment has an outcome; the wall time in seconds. */
async function waitForBurst(db: string, t0: number): Promise<number> {
  for (;;) {
    const [{ done, failed }] = await sql(
      db,
      `select count(*) filter (where status in ('succeeded','failed','skipped')) as done, count(*) filter (where status = 'failed') as failed from shipping_services_auto_fulfillment`
    )
    if (Number(done) >= ORDERS) {
      if (Number(failed)) console.log(`${failed} automatic fulfilments failed`)
      return (Date.now() - t0) / 1000
    }
    if (Date.now() - t0 > 300_000)
      throw new Error(`only ${done} of ${ORDERS} fulfilled after 5 minutes`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

type ProcessCpu = { name: string; ms: number }

/** CPU ms so far of a process (Linux /proc: utime + stime, 100 ticks a second); 0 once gone. */
function procCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return 0
  }
}

/**
 * The CPU PostgreSQL spends for this database: its backends' (pg_stat_activity), counted from
 * `start()` to `stop()` (a backend that appears meanwhile counts whole). Readable when
 * PostgreSQL runs on this machine as a user whose /proc this process can read; else 0.
 */
function postgresCpu(db: string) {
  const read = async () => {
    const rows = await sql<{ pid: number }>(
      "postgres",
      `select pid from pg_stat_activity where datname = $1`,
      [db]
    )
    return new Map(rows.map((r) => [r.pid, procCpuMs(r.pid)]))
  }
  let before = new Map<number, number>()
  return {
    start: async () => void (before = await read()),
    stop: async (): Promise<number> => {
      const after = await read()
      let ms = 0
      for (const [pid, cpu] of after) ms += cpu - (before.get(pid) ?? 0)
      return ms
    },
  }
}

/** redis-server's pid, when it runs on this machine (its CPU is the whole server's, every client). */
function redisServerPid(): number | undefined {
  try {
    const out = execFileSync("pgrep", ["-x", "redis-server"], {
      encoding: "utf8",
    })
      .trim()
      .split("\n")
    return out.length === 1 && out[0] ? Number(out[0]) : undefined
  } catch {
    return undefined
  }
}

async function report(input: {
  db: string
  wall: number
  concurrency: number
  where: string
  topology: string
  stats: StatsSnapshot
  cpu: ProcessCpu[]
}) {
  const { db, wall, concurrency, stats } = input
  const [{ shipments, distinct }] = await sql(
    db,
    `select count(*) as shipments, count(distinct tracking_number) as distinct from shipping_services_shipment where status = 'created'`
  )
  const [{ fulfillments }] = await sql(
    db,
    `select count(*) as fulfillments from fulfillment where canceled_at is null`
  )
  const bound = 1.3 * ((ORDERS * LATENCY_MS) / 1000 / concurrency)
  const peakPerProcess = Math.max(
    0,
    ...stats.clients.map((c) => c.peakCreatesInFlight)
  )
  console.log("")
  console.log(
    `orders ${ORDERS}, ${input.topology}, sandbox ${LATENCY_MS} ms per create (${input.where}), http.concurrency ${concurrency}`
  )
  console.log(
    `wall time          ${wall.toFixed(2)} s   (bound 1.3 × ${ORDERS} × ${LATENCY_MS / 1000} s / ${concurrency} = ${bound.toFixed(2)} s) ${wall <= bound ? "OK" : "OVER"}`
  )
  for (const p of input.cpu) {
    console.log(
      `CPU ${p.name.padEnd(14)} ${(p.ms / 1000).toFixed(2)} s during the burst = ${(p.ms / ORDERS).toFixed(1)} ms per order`
    )
  }
  console.log(
    `peak in flight     ${peakPerProcess} per process (${stats.clients.map((c) => `${c.client}: ${c.peakCreatesInFlight}`).join(", ")}); ${stats.peakCreatesInFlight} at the sandbox in all ${peakPerProcess <= concurrency ? "OK" : "OVER"}`
  )
  console.log(
    `labels per process ${stats.clients.map((c) => `${c.client}: ${c.created}`).join(", ")}`
  )
  console.log(
    `labels created     ${stats.labelsCreated} at the sandbox; ${shipments} shipments, ${distinct} distinct tracking numbers, ${fulfillments} fulfillments`
  )
  console.log(
    `duplicates         ${Number(shipments) - Number(distinct) + (stats.labelsCreated - ORDERS) + stats.duplicatesRefused}`
  )
  console.log(
    `sandbox requests   ${Object.entries(stats.requests)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}; webhook deliveries ${stats.webhookDeliveries.attempts}`
  )
}

/** The original single-process run. */
async function oneProcess() {
  const inProcess = process.env.BENCH_SANDBOX === "inprocess"
  const sandbox = inProcess
    ? await startSandbox({ port: 0, speed: 0 }).then((s) => ({
        baseUrl: s.roots.baseUrl,
        control: sandboxControl(s.url),
        where: "in this process",
        stop: () => s.close(),
      }))
    : await startSandboxProcess().then((s: SandboxProcess) => ({
        ...s,
        where: "own process",
        stop: async () => s.stop(),
      }))
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl(DB),
    PORT: String(PORT),
    LOG_LEVEL: "error",
    MEDUSA_DISABLE_TELEMETRY: "true",
    MEDUSA_ADMIN_DISABLE: "true",
    SHIPPING_SERVICES_BASE_URL: sandbox.baseUrl,
    SHIPPING_SERVICES_PUBLIC_URL: `http://localhost:${PORT}`,
  })
  console.log(`database ${DB}: creating and migrating`)
  await freshDatabase(DB)
  await medusa(["db:migrate"], process.env)

  const app = express()
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- Medusa's loaders have no typed entry; required after the database exists
  const loaders = require("@medusajs/medusa/loaders/index").default
  const { container, shutdown } = await loaders({
    directory: root,
    expressApp: app,
  })
  const server = app.listen(PORT)
  try {
    const options = container.resolve(SHIPPING_SERVICES_MODULE).getOptions()
    options.autoFulfill.enabled = false // paused while the orders are placed
    const api = fetchApi(`http://localhost:${PORT}`)
    const orders = await placeOrders(
      api,
      await setupStore(api, await adminHeaders(container))
    )

    await sandbox.control("POST", "/stats/reset", {})
    await sandbox.control("PUT", "/latency", {
      operation: "createShipment",
      ms: LATENCY_MS,
    })
    if (process.env.BENCH_WEBHOOKS === "off")
      await sandbox.control("PUT", "/webhooks", { delivery: false })
    options.autoFulfill.enabled = true
    const bus = container.resolve(Modules.EVENT_BUS)
    const profile = process.env.BENCH_PROFILE ? await startProfile() : undefined
    const pg = postgresCpu(DB)
    await pg.start()
    const cpu0 = process.cpuUsage()
    const t0 = Date.now()
    await bus.emit(orders.map((id) => ({ name: "order.placed", data: { id } })))
    const wall = await waitForBurst(DB, t0)
    const cpu = process.cpuUsage(cpu0)
    const pgMs = await pg.stop()
    if (profile) console.log(`CPU profile of the burst: ${await profile()}`)
    const stats = await sandbox.control<StatsSnapshot>("GET", "/stats")
    await report({
      db: DB,
      wall,
      concurrency: options.http.concurrency,
      where: sandbox.where,
      topology: "one process (local event bus, in-memory workflow engine)",
      stats,
      cpu: [
        { name: "app", ms: (cpu.user + cpu.system) / 1000 },
        { name: "postgres (db)", ms: pgMs },
      ],
    })
    // Let the label-storing subscribers finish before shutting down.
    await new Promise((r) => setTimeout(r, 3000))
  } finally {
    server.close()
    await shutdown()
    await sandbox.stop()
  }
}

/** Server + N workers on Redis (dev/cluster.ts). */
async function cluster(workers: number) {
  console.log(`cluster: sandbox, database, migration`)
  const c: Cluster = await prepareCluster({
    name: `bench-auto-fulfill-${workers}w`,
    admin: ADMIN,
    env: { LOG_LEVEL: "warn" },
  })
  try {
    console.log(`cluster: starting the server`)
    const server = await c.start("server")
    const api = fetchApi(c.url)
    const { data: login } = await api.post("/auth/user/emailpass", ADMIN)
    const store = await setupStore(api, {
      headers: { authorization: `Bearer ${login.token}` },
    })
    // No worker runs yet: the order.placed events wait on the bus, and are dropped before the
    // workers start, so that the burst below starts with every worker up.
    const orders = await placeOrders(api, store)
    await c.drainEvents()
    console.log(`cluster: starting ${workers} worker(s)`)
    const profile = !!process.env.BENCH_PROFILE
    await c.startAll(
      Array.from({ length: workers }, () => "worker" as const),
      { profile }
    )
    // The workers' start-up work (the webhook reconcile, the first job ticks) settles first.
    await new Promise((r) => setTimeout(r, 3000))
    const [{ done }] = await c.sql(
      `select count(*) as done from shipping_services_auto_fulfillment`
    )
    if (Number(done))
      throw new Error(`${done} orders were fulfilled before the burst`)

    await c.sandbox.control("POST", "/stats/reset", {})
    await c.sandbox.control("PUT", "/latency", {
      operation: "createShipment",
      ms: LATENCY_MS,
    })
    if (process.env.BENCH_WEBHOOKS === "off")
      await c.sandbox.control("PUT", "/webhooks", { delivery: false })
    const measured = [server, ...c.workers]
    const pg = postgresCpu(c.db.name)
    const redisPid = redisServerPid()
    const others = [
      { name: "sandbox", pid: (c.sandbox as { pid?: number }).pid },
      { name: "redis-server", pid: redisPid },
    ].filter((o): o is { name: string; pid: number } => !!o.pid)
    await pg.start()
    const cpu0 = measured.map((p) => p.cpuMs())
    const others0 = others.map((o) => procCpuMs(o.pid))
    if (profile) c.workers.forEach((w) => w.profileStart())
    const t0 = Date.now()
    await c.emit(orders.map((id) => ({ name: "order.placed", data: { id } })))
    const wall = await waitForBurst(c.db.name, t0)
    const cpu = measured.map((p, i) => ({
      name: p.name,
      ms: p.cpuMs() - cpu0[i]!,
    }))
    const otherCpu = others.map((o, i) => ({
      name: o.name,
      ms: procCpuMs(o.pid) - others0[i]!,
    }))
    const pgMs = await pg.stop()
    const stats = await c.sandbox.control<StatsSnapshot>("GET", "/stats")
    await report({
      db: c.db.name,
      wall,
      concurrency: parsePluginOptions(appPluginOptions(c.env)).http.concurrency,
      where: "own process",
      topology: `1 server + ${workers} worker(s) on Redis`,
      stats,
      cpu: [
        ...cpu,
        {
          name: "workers (sum)",
          ms: cpu
            .filter((p) => p.name.startsWith("worker"))
            .reduce((n, p) => n + p.ms, 0),
        },
        { name: "postgres (db)", ms: pgMs },
        ...otherCpu,
      ],
    })
    if (profile) {
      for (const w of c.workers)
        console.log(
          `CPU profile of ${w.name} during the burst: ${await w.profileStop()}`
        )
    }
    await new Promise((r) => setTimeout(r, 3000))
  } finally {
    await c.stop()
  }
}

async function main() {
  const workers = workersArg()
  if (workers === undefined) await oneProcess()
  else await cluster(workers)
  process.exit(0)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
