/**
 * Tracking polling fallback figures. A scratch database holds 10,000 open shipments
 * that are due (labels made at the sandbox, no event for longer than staleAfterMinutes) and
 * 2,500 that are not (delivered, voided, polled recently, just created); one sweep runs inside
 * the app (`medusa exec bench/poll-sweep-run.ts`, the job's code path with the development
 * options: batchSize 100, concurrency 4) against the sandbox started in this process.
 * Printed: the tracking requests the sandbox received (must equal the shipments due), events
 * stored, wall time, and the app's memory while sweeping (peak RSS and heap, sampled), which
 * stays flat because shipments are read page by page.
 *
 *   bash scripts/with-db-env.sh npx ts-node --swc bench/poll-sweep.ts      (about a minute)
 *   BENCH_DUE=2500 bash scripts/with-db-env.sh npx ts-node --swc bench/poll-sweep.ts   (another size)
 */
import { spawn } from "node:child_process"
import { baseRequest } from "../src/shipping-api/__fixtures__/rule-examples"
import { startSandbox } from "../packages/sandbox/src"
import { databaseUrl, freshDatabase, sql } from "../dev/database"
import { root } from "./lib"

const DB = "medusa_shipping_services_bench_poll"
const DUE = Number(process.env.BENCH_DUE ?? 10_000)
const NOT_DUE = {
  delivered: 1_000,
  voided: 500,
  recentlyPolled: 500,
  fresh: 500,
}
const CREATE_CLIENTS = 16

async function token(url: string): Promise<string> {
  const res = await fetch(`${url}/oauth/token`, {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from("sandbox-key:sandbox-secret").toString("base64")}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  })
  return ((await res.json()) as { access_token: string }).access_token
}

/** `count` expedited labels at the sandbox (URL documents: nothing rendered); their tracking numbers. */
async function createLabels(url: string, count: number): Promise<string[]> {
  const bearer = await token(url)
  const body = baseRequest("expedited") as Record<string, any>
  body.documents = [
    {
      type: "SHIPPING_LABEL",
      size: "DOC_4X6",
      fileFormat: "PDF",
      contentType: "URL",
    },
  ]
  const json = JSON.stringify(body)
  const out: string[] = []
  let next = 0
  const worker = async () => {
    while (next < count) {
      const n = next++
      const res = await fetch(`${url}/v1/shipments`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${bearer}`,
          "Content-Type": "application/json",
          "X-Vendor-TransactionId": `poll-${n}`,
          "X-Vendor-UnifiedErrorStructure": "true",
        },
        body: json,
      })
      const created = (await res.json()) as { parcelTrackingNumber?: string }
      if (res.status !== 201 || !created.parcelTrackingNumber)
        throw new Error(
          `create ${n}: ${res.status} ${JSON.stringify(created).slice(0, 300)}`
        )
      out.push(created.parcelTrackingNumber)
    }
  }
  await Promise.all(Array.from({ length: CREATE_CLIENTS }, worker))
  return out
}

type Row = {
  status: string
  tracking_number: string
  tracking_status: string | null
  next_poll_at: string | null
  created_at: string
}

async function insertShipments(rows: Row[]) {
  for (let i = 0; i < rows.length; i += 1_000) {
    const chunk = rows.slice(i, i + 1_000)
    const values: unknown[] = []
    const tuples = chunk.map((r, j) => {
      const n = i + j
      values.push(
        `ssship_bench${String(n).padStart(8, "0")}`,
        `bench-${n}`,
        `bench-${n}`,
        r.status,
        r.tracking_number,
        r.tracking_status,
        r.next_poll_at,
        r.created_at
      )
      const b = values.length - 8
      return `($${b + 1}, $${b + 2}, $${b + 3}, 'postal-ground', 'expedited', 'POSTAL', 'UGA', $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8}, $${b + 8})`
    })
    await sql(
      DB,
      `insert into shipping_services_shipment (id, transaction_id, request_key, option_id, variant, carrier, service_id, status, tracking_number, tracking_status, next_poll_at, created_at, updated_at)
       values ${tuples.join(", ")}`,
      values
    )
  }
}

function runChild(
  args: string[],
  env: NodeJS.ProcessEnv
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [require.resolve("@medusajs/cli/cli.js"), ...args],
      { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] }
    )
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d) => (stdout += d))
    child.stderr.on("data", (d) => (stderr += d))
    child.on("error", reject)
    child.on("close", (status) => resolve({ status, stdout, stderr }))
  })
}

async function main() {
  const sb = await startSandbox({
    port: 0,
    speed: 0,
    tokenTtlSeconds: 10 * 365 * 86_400,
    log: () => undefined,
  })
  try {
    sb.control.setWebhookDelivery(false)
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl(DB),
      NODE_ENV: "development",
      LOG_LEVEL: "error",
      MEDUSA_DISABLE_TELEMETRY: "true",
      MEDUSA_ADMIN_DISABLE: "true",
      SHIPPING_SERVICES_BASE_URL: sb.roots.baseUrl,
      SHIPPING_SERVICES_PUBLIC_URL: "http://localhost:9",
    }
    console.log(`database ${DB}: creating and migrating`)
    await freshDatabase(DB)
    // Asynchronously: the migration script registers the webhook at the sandbox of this process.
    const migrated = await runChild(["db:migrate"], env)
    if (migrated.status !== 0)
      throw new Error(
        `db:migrate failed:\n${migrated.stdout.slice(-3000)}\n${migrated.stderr.slice(-3000)}`
      )

    const notDue = Object.values(NOT_DUE).reduce((a, b) => a + b, 0)
    console.log(`sandbox: creating ${DUE} labels`)
    let t = performance.now()
    const numbers = await createLabels(sb.url, DUE)
    console.log(
      `  ${DUE} labels in ${((performance.now() - t) / 1000).toFixed(1)} s`
    )
    // A day of each timeline: Manifest, Acceptance and two InTransit scans per parcel.
    sb.control.advance({ seconds: 24 * 3600 })

    // The sweep runs at "now" = sandbox time + 3 h (outside postal maintenance, see poll-sweep-run).
    const day = 24 * 3_600_000
    const sweepAt = Number(new Date(sb.control.clock().now)) + 3 * 3_600_000
    const old = new Date(sweepAt - day).toISOString()
    const rows: Row[] = numbers.map((tn) => ({
      status: "created",
      tracking_number: tn,
      tracking_status: null,
      next_poll_at: null,
      created_at: old,
    }))
    let k = 0
    const fake = () => `BENCHNOTDUE${String(++k).padStart(8, "0")}`
    for (let i = 0; i < NOT_DUE.delivered; i++)
      rows.push({
        status: "created",
        tracking_number: fake(),
        tracking_status: "Delivered",
        next_poll_at: null,
        created_at: old,
      })
    for (let i = 0; i < NOT_DUE.voided; i++)
      rows.push({
        status: "voided",
        tracking_number: fake(),
        tracking_status: null,
        next_poll_at: null,
        created_at: old,
      })
    for (let i = 0; i < NOT_DUE.recentlyPolled; i++)
      rows.push({
        status: "created",
        tracking_number: fake(),
        tracking_status: null,
        next_poll_at: new Date(sweepAt + 3_600_000).toISOString(),
        created_at: old,
      })
    for (let i = 0; i < NOT_DUE.fresh; i++)
      rows.push({
        status: "created",
        tracking_number: fake(),
        tracking_status: null,
        next_poll_at: null,
        created_at: new Date(sweepAt - 60_000).toISOString(),
      })
    await insertShipments(rows)
    console.log(`database: ${DUE} shipments due, ${notDue} not due`)

    sb.control.resetStats()
    console.log("sweep: running inside the app (medusa exec)")
    t = performance.now()
    // Asynchronously: the sandbox answering the sweep lives in this process's event loop.
    const child = await runChild(
      ["exec", "./bench/poll-sweep-run.ts", String(sweepAt)],
      { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ""} --expose-gc`.trim() }
    )
    const line = child.stdout
      .split("\n")
      .find((l) => l.startsWith("POLL-SWEEP "))
    if (child.status !== 0 || !line)
      throw new Error(
        `sweep failed (${child.status}):\n${child.stdout.slice(-3000)}\n${child.stderr.slice(-3000)}`
      )
    const report = JSON.parse(line.slice("POLL-SWEEP ".length))
    const childSeconds = (performance.now() - t) / 1000
    const requests = sb.control.stats().requests.tracking ?? 0
    const [{ count: events }] = await sql<{ count: string }>(
      DB,
      `select count(*) from shipping_services_tracking_event where source = 'poll'`
    )
    const [{ count: stillDue }] = await sql<{ count: string }>(
      DB,
      `select count(*) from shipping_services_shipment where status = 'created' and tracking_status is null and next_poll_at is null and created_at <= $1`,
      [old]
    )

    console.log("")
    console.log(`shipments due              ${DUE} (of ${DUE + notDue})`)
    console.log(
      `tracking requests          ${requests} ${requests === DUE ? "(= shipments due)" : "(MISMATCH)"}`
    )
    console.log(
      `sweep: polled / failed     ${report.stats.polled} / ${report.stats.failed} in ${report.stats.pages} pages`
    )
    console.log(
      `events stored              ${events} (${(Number(events) / DUE).toFixed(1)} per shipment); announced ${report.announced} tracking numbers`
    )
    console.log(`due shipments left unpolled ${stillDue}`)
    console.log(
      `wall time of the sweep     ${(report.stats.ms / 1000).toFixed(1)} s (${Math.round(DUE / (report.stats.ms / 1000))} shipments/s); app start + sweep ${childSeconds.toFixed(1)} s`
    )
    console.log(
      `app memory before sweep    RSS ${report.before.rssMb} MB, heap ${report.before.heapMb} MB`
    )
    console.log(
      `app memory during sweep    peak RSS ${report.peak.rssMb} MB, peak heap ${report.peak.heapMb} MB (samples every 100 ms: heap ${report.heapSamplesMb.join(", ")} MB)`
    )
    console.log(
      `app live heap (after GC)   ${report.liveHeapMb.length ? `${report.liveHeapMb.join(", ")} MB, once a second` : "(run without --expose-gc)"}`
    )
    console.log(
      `app memory after sweep     RSS ${report.after.rssMb} MB, heap ${report.after.heapMb} MB; process peak RSS (maxRSS) ${report.maxRssMb} MB`
    )
    if (requests !== DUE) process.exitCode = 1
  } finally {
    await sb.close()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
