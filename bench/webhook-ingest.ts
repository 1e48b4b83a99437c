/**
 * Webhook ingest figures, in both topologies of docs/production.md:
 * - one process: the app alone, Medusa's local event bus (the stored events apply in the same
 *   process, as the receive route answers);
 * - server + worker: the HTTP server receives, a worker applies, both on Redis (the route's
 *   announcement is a Redis job; the server does nothing else).
 * In each, with 64 concurrent senders, after a warm-up of every route measured:
 * 1. Medusa's GET /health (the yardstick: the cheapest answer Medusa's stack gives);
 * 2. POST /hooks/shipping-services/tracking, each delivery one unique, authenticated
 *    notification, stored before the answer; the database must then hold exactly as many as
 *    were acknowledged;
 * 3. Medusa's own webhook receiver for the same body, POST /hooks/payment/system_default (its
 *    raw-body parser, then one event emitted with a 5 s delay; nothing stored in PostgreSQL):
 *    Medusa's path for the same work, so the plugin's share is the difference.
 * Printed: req/s, p50/p99, the server's CPU per request, and the ratios. Goals:
 * ingest rate ≥ 0.8 × /health's, p99 ≤ 1.5 × /health's. Applying what is received (a parcel's
 * 6 events against Medusa's shipment and delivery workflows) is measured by bench:auto-fulfill's
 * tracking half, which has the fulfilled orders of both providers.
 *   npm run bench:webhooks [-- --topology one|cluster|both]   (default both; ~3 min)
 *   BENCH_SECONDS=15 (each measured phase); BENCH_PROFILE=1 writes a CPU profile of the
 *   server for each measured phase (bench/profile-summary.ts --per <requests> compares them)
 */
import autocannon from "autocannon"
import { randomBytes } from "node:crypto"
import { inTransitNotification } from "../dev/notifications"
import { prepareCluster, type WorkerMode } from "../dev/cluster"

const CONNECTIONS = 64
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15)
const WARM_UP_SECONDS = 3
/** BENCH_PROFILE=1: a CPU profile of the server for each measured phase (bench/profile-summary.ts). */
const PROFILE = !!process.env.BENCH_PROFILE

type Topology = "one" | "cluster"
const TOPOLOGIES: Record<Topology, { label: string; modes: WorkerMode[] }> = {
  one: { label: "one process", modes: ["shared"] },
  cluster: { label: "server + worker on Redis", modes: ["server", "worker"] },
}

type Phase = {
  name: string
  rate: number
  p50: number
  p99: number
  cpuUsPerRequest: number
  non2xx: number
  errors: number
  ok: number
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) =>
    autocannon(opts, (err, res) => (err ? reject(err) : resolve(res)))
  )
}

async function topology(t: Topology) {
  const { label, modes } = TOPOLOGIES[t]
  console.log(`\n== ${label}: preparing (database, migration, sandbox)`)
  const cluster = await prepareCluster({
    name: `bench-ingest-${t}`,
    // Without DEV_REDIS_URL medusa-config.ts gives Medusa's local modules: one process.
    env: { LOG_LEVEL: "error", ...(t === "one" ? { DEV_REDIS_URL: "" } : {}) },
  })
  try {
    await cluster.startAll(modes, { profile: PROFILE })
    const server = cluster.servers[0]
    const [registration] = await cluster.sql<{
      header_name: string
      api_key: string
    }>(
      `select header_name, api_key from shipping_services_webhook_registration where type = 'tracking' and deleted_at is null`
    )
    if (!registration) throw new Error("no tracking webhook registered")

    // Tracking numbers of the measured deliveries start with `measured` (the warm-up's do not).
    let prefix = `WARM${randomBytes(4).toString("hex")}`
    const measured = `BENCH${randomBytes(4).toString("hex")}`
    let seq = 0
    const notification = () =>
      JSON.stringify([
        inTransitNotification(`${prefix}${String(++seq).padStart(9, "0")}`),
      ])
    const post = (path: string, headers: Record<string, string>) => ({
      url: `${cluster.url}${path}`,
      method: "POST" as const,
      connections: CONNECTIONS,
      headers: { "content-type": "application/json", ...headers },
      requests: [
        { setupRequest: (req: any) => ({ ...req, body: notification() }) },
      ],
    })
    const health = { url: `${cluster.url}/health`, connections: CONNECTIONS }
    const ours = post("/hooks/shipping-services/tracking", {
      [registration.header_name]: registration.api_key,
    })
    const medusas = post("/hooks/payment/system_default", {})

    // JIT, lazy requires and pools: every route measured is warm before any is measured.
    for (const o of [health, ours, medusas])
      await run({ ...o, duration: WARM_UP_SECONDS })

    const phase = async (
      name: string,
      opts: autocannon.Options
    ): Promise<Phase> => {
      if (PROFILE) server.profileStart()
      const cpu0 = server.cpuMs()
      const r = await run(opts)
      const cpu = server.cpuMs() - cpu0
      if (PROFILE)
        console.log(`CPU profile of ${name}: ${await server.profileStop()}`)
      return {
        name,
        rate: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        cpuUsPerRequest: (cpu * 1000) / Math.max(1, r.requests.total),
        non2xx: r.non2xx,
        errors: r.errors,
        ok: r["2xx"],
      }
    }
    const h = await phase("GET /health", { ...health, duration: SECONDS })
    prefix = measured
    // A fixed number of deliveries (about SECONDS long): every one is answered before counting,
    // so acknowledged and stored can be compared exactly.
    const ingest = await phase("POST our webhook", {
      ...ours,
      amount: Math.round(h.rate * SECONDS * 0.75),
    })
    await new Promise((r) => setTimeout(r, 1000))
    const [{ count }] = await cluster.sql<{ count: string }>(
      `select count(*) from shipping_services_tracking_event where tracking_number like $1`,
      [`${measured}%`]
    )
    prefix = `AFTER${randomBytes(4).toString("hex")}`
    const m = await phase("POST Medusa's webhook", {
      ...medusas,
      duration: SECONDS,
    })

    console.log(
      `connections ${CONNECTIONS}; server CPU from /proc (${server.name})`
    )
    for (const p of [h, ingest, m])
      console.log(
        `${p.name.padEnd(22)} ${p.rate.toFixed(0).padStart(5)} req/s   p50 ${String(p.p50).padStart(3)} ms   p99 ${String(p.p99).padStart(4)} ms   server CPU ${p.cpuUsPerRequest.toFixed(0).padStart(5)} µs/req   non-2xx ${p.non2xx}, errors ${p.errors}`
      )
    const rate = ingest.rate / h.rate
    const p99 = ingest.p99 / h.p99
    console.log(
      `ours / /health:           rate ${rate.toFixed(2)} (goal ≥ 0.8 ${rate >= 0.8 ? "MET" : "NOT MET"})   p99 ${p99.toFixed(2)} (goal ≤ 1.5 ${p99 <= 1.5 ? "MET" : "NOT MET"})`
    )
    console.log(
      `Medusa's webhook / /health: rate ${(m.rate / h.rate).toFixed(2)}   p99 ${(m.p99 / h.p99).toFixed(2)}`
    )
    console.log(
      `ours / Medusa's webhook:  rate ${(ingest.rate / m.rate).toFixed(2)}   p99 ${(ingest.p99 / m.p99).toFixed(2)}   server CPU ${(ingest.cpuUsPerRequest / m.cpuUsPerRequest).toFixed(2)}`
    )
    const stored = Number(count)
    console.log(
      `acknowledged ${ingest.ok}, stored ${stored} → ${stored === ingest.ok ? "none lost, none doubled" : "MISMATCH"}`
    )
    if (stored !== ingest.ok) process.exitCode = 1
  } finally {
    await cluster.stop()
  }
}

async function main() {
  const i = process.argv.indexOf("--topology")
  const which = i === -1 ? "both" : process.argv[i + 1]
  const list: Topology[] =
    which === "both" ? ["one", "cluster"] : [which as Topology]
  for (const t of list) {
    if (!TOPOLOGIES[t])
      throw new Error(`--topology: one, cluster or both (got ${which})`)
    await topology(t)
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
