/**
 * Webhook ingest figures (issue 6). One booted app (`medusa develop`, admin off, its own
 * database): requests/s of Medusa's GET /health, then accepted notifications/s on
 * POST /hooks/shipping-services/tracking with 64 concurrent senders, each notification unique
 * and authenticated; p50/p99 of both; then the database must hold exactly as many stored
 * notifications as were acknowledged.
 * Goals of issue 23: rate ≥ 0.8 × /health's, p99 ≤ 1.5 × /health's. Applying what is received
 * (a parcel's 6 events against Medusa's shipment and delivery workflows) is measured by
 * bench:auto-fulfill's tracking half, which has the fulfilled orders of both providers.
 *   npm run bench:webhooks   (PostgreSQL from scripts/ensure-db.sh; ~1 min)
 */
import { inTransitNotification } from "../dev/notifications"
import autocannon from "autocannon"
import { randomBytes } from "node:crypto"
import { databaseUrl, freshDatabase, sql } from "../dev/database"
import { medusa, startApp, waitForHttp } from "./lib"

const DB = "medusa_shipping_services_bench_ingest"
const PORT = Number(process.env.BENCH_PORT ?? 9123)
const CONNECTIONS = 64
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15)
const KEY = randomBytes(32).toString("base64url")
const HEADER = "X-Shipping-Services-Key"

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) =>
    autocannon(opts, (err, res) => (err ? reject(err) : resolve(res)))
  )
}

async function main() {
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl(DB),
    PORT: String(PORT),
    NODE_ENV: "development",
    LOG_LEVEL: "error",
    MEDUSA_DISABLE_TELEMETRY: "true",
    SHIPPING_SERVICES_PUBLIC_URL: `http://localhost:${PORT}`,
  }
  console.log(`database ${DB}: creating and migrating`)
  await freshDatabase(DB)
  await medusa(["db:migrate"], env)
  await sql(
    DB,
    `insert into shipping_services_webhook_registration (id, type, name, url, events, header_name, api_key, time_out) values ('sswh_bench', 'tracking', 'bench', 'http://localhost/', '[]', $1, $2, 10)
     on conflict (type) where deleted_at is null do update set header_name = excluded.header_name, api_key = excluded.api_key`,
    [HEADER, KEY]
  )

  const app = startApp(env)
  try {
    const base = `http://localhost:${PORT}`
    await waitForHttp(`${base}/health`)
    console.log("app ready; warming up")
    await run({ url: `${base}/health`, connections: CONNECTIONS, duration: 3 })

    const health = await run({
      url: `${base}/health`,
      connections: CONNECTIONS,
      duration: SECONDS,
    })

    let seq = 0
    const runId = randomBytes(4).toString("hex")
    const body = () =>
      JSON.stringify([
        inTransitNotification(`BENCH${runId}${String(++seq).padStart(9, "0")}`),
      ])
    // A fixed number of requests (about SECONDS long): every one is answered before counting,
    // so acknowledged and stored can be compared exactly.
    const amount = Math.round(health.requests.average * SECONDS * 0.75)
    const ingest = await run({
      url: `${base}/hooks/shipping-services/tracking`,
      method: "POST",
      connections: CONNECTIONS,
      amount,
      headers: { "content-type": "application/json", [HEADER]: KEY },
      requests: [{ setupRequest: (req: any) => ({ ...req, body: body() }) }],
    })
    await new Promise((r) => setTimeout(r, 1000))
    const [{ count }] = await sql<{ count: string }>(
      DB,
      `select count(*) from shipping_services_tracking_event where tracking_number like $1`,
      [`BENCH${runId}%`]
    )
    const acknowledged = ingest["2xx"]

    const ratio = ingest.requests.average / health.requests.average
    const p99Ratio = ingest.latency.p99 / health.latency.p99
    console.log("")
    console.log(
      `connections: ${CONNECTIONS}; /health for ${SECONDS} s, then ${amount} notifications`
    )
    console.log(
      `GET /health          ${health.requests.average.toFixed(0)} req/s   p50 ${health.latency.p50} ms   p99 ${health.latency.p99} ms`
    )
    console.log(
      `POST webhook ingest  ${ingest.requests.average.toFixed(0)} req/s   p50 ${ingest.latency.p50} ms   p99 ${ingest.latency.p99} ms   non-2xx ${ingest.non2xx}, errors ${ingest.errors}`
    )
    console.log(
      `ingest / health rate ${ratio.toFixed(2)} (goal ≥ 0.8 ${ratio >= 0.8 ? "MET" : "NOT MET"})   p99 ratio ${p99Ratio.toFixed(2)} (goal ≤ 1.5 ${p99Ratio <= 1.5 ? "MET" : "NOT MET"})`
    )
    console.log(
      `acknowledged ${acknowledged}, stored ${count} → ${Number(count) === acknowledged ? "none lost, none doubled" : "MISMATCH"}`
    )
    if (Number(count) !== acknowledged) process.exitCode = 1
  } finally {
    app.stop()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
