/**
 * Storage figures (docs/performance.md, docs/operations.md). Three parts:
 *
 * 1. Bytes in the database per parcel over its life, with each `documents.storage`: a scratch
 *    database with the plugin's migrations; BENCH_PARCELS parcels (200) go through what the
 *    plugin writes for them, with the module's own writers (DocumentStore, TrackingEventWriter):
 *    labelled (the shipment row and the sandbox's PDF label page), printed (a print batch of 50
 *    orders per file: labels, packing slips), delivered (six tracking events each, as the
 *    service sends them), then retention 90 days later. After each stage the plugin's live rows
 *    are measured (each row as stored, TOAST included: what a dump or a restore carries;
 *    indexes not). With "file", documents go to a real S3-compatible server (s3rver) through
 *    Medusa's @medusajs/file-s3 provider, and the bucket's bytes are counted too.
 * 2. A retention run of BENCH_RETENTION parcels (10,000) in the app (`medusa exec
 *    bench/storage-retention-run.ts`: the job's loop of bounded workflow runs), with a store's
 *    writes (tracking updates on the very rows being removed, label inserts) going on beside it
 *    from another connection: the run's time, its longest deleting transaction, and the longest
 *    any of those writes waited.
 * 3. The upgrade's conversion of BENCH_RETENTION base64 labels (0.1.0's table) to bytes.
 *
 *   npm run bench:storage                         (a few minutes on 2 cores)
 *   BENCH_PARCELS=500 BENCH_RETENTION=2000 npm run bench:storage
 */
import { S3FileService } from "@medusajs/file-s3/dist/services/s3-file"
import {
  buildMigrationScript,
  createPgConnection,
} from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { spawn } from "node:child_process"
import path from "node:path"
import { databaseUrl, dropDatabase, freshDatabase } from "../dev/database"
import { startSandbox } from "../packages/sandbox/src"
import {
  labelFile,
  orderOf,
  trackingNumberOf,
} from "../dev/fixtures/print-orders"
import { buildPrintFiles } from "../src/lib/documents"
import { rowOfScan } from "../src/lib/tracking/rows"
import {
  DocumentStore,
  type FileService,
} from "../src/modules/shipping-services/documents"
import { TrackingEventWriter } from "../src/modules/shipping-services/event-writer"
import { DocumentRetention } from "../src/modules/shipping-services/retention"
import { startS3 } from "../integration-tests/helpers/s3"
import { root } from "./lib"

const PARCELS = Number(process.env.BENCH_PARCELS ?? 200)
const RETENTION = Number(process.env.BENCH_RETENTION ?? 10_000)
const BATCH_ORDERS = 50
const DAY = 86_400_000
const TABLES = {
  shipment: "shipping_services_shipment",
  document: "shipping_services_document",
  events: "shipping_services_tracking_event",
  batch: "shipping_services_batch",
  batch_item: "shipping_services_batch_item",
} as const
type Sizes = Record<keyof typeof TABLES, number>

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
const migrations = path.join(root, "src/modules/shipping-services/migrations")

async function migrate(clientUrl: string, folder = migrations) {
  await buildMigrationScript({
    moduleName: "shippingServices",
    pathToMigrations: folder,
  })({
    options: { database: { clientUrl } },
    logger: { info: () => undefined, error: console.error },
  } as never)
}

/**
 * The bytes of the plugin's live rows, table by table: each row as PostgreSQL stores it (values
 * out of line in TOAST counted at their stored, compressed size), which is what a dump or a
 * restore carries. Indexes and free space are not counted: VACUUM decides those, not the data.
 */
async function sizes(knex: Knex): Promise<Sizes> {
  const out = {} as Sizes
  for (const [name, table] of Object.entries(TABLES)) {
    const { rows } = await knex.raw(
      `select coalesce(sum(pg_column_size(t.*)), 0)::bigint as n from ${table} t`
    )
    out[name as keyof Sizes] = Number(rows[0].n)
  }
  return out
}

const SCANS: [string, string, string][] = [
  ["Manifest", "MA", "Shipping Label Created, Carrier Awaiting Item"],
  ["Acceptance", "OA", "Accepted at Origin Facility"],
  ["InTransit", "10", "Arrived at Regional Facility"],
  ["InTransit", "T1", "Departed Regional Facility"],
  ["OutForDelivery", "OF", "Out for Delivery"],
  ["Delivered", "01", "Delivered, Front Door/Porch"],
]

/** File Module methods on Medusa's S3 provider, as @medusajs/file's service calls them. */
function s3Files(endpoint: string, bucket: string): FileService {
  const provider = new S3FileService({ logger: console as never }, {
    endpoint,
    bucket,
    file_url: `${endpoint}/${bucket}`,
    region: "us-east-1",
    access_key_id: "S3RVER",
    secret_access_key: "S3RVER",
    additional_client_config: { forcePathStyle: true },
  } as never)
  return {
    async createFiles(data) {
      const { key, url } = await provider.upload(data as never)
      return { id: key, url }
    },
    deleteFiles: (ids) =>
      provider.delete(ids.map((fileKey) => ({ fileKey })) as never),
    async retrieveFile(id) {
      return {
        id,
        url: await provider.getPresignedDownloadUrl({ fileKey: id } as never),
      }
    },
    getAsBuffer: (id) => provider.getAsBuffer({ fileKey: id } as never),
  }
}

async function perParcel(storage: "database" | "file") {
  const name = `medusa_shipping_services_bench_storage_${storage}`
  await freshDatabase(name)
  const clientUrl = databaseUrl(name)
  await migrate(clientUrl)
  const knex = createPgConnection({ clientUrl }) as unknown as Knex
  const s3 = storage === "file" ? await startS3("bench") : null
  const files = s3 ? s3Files(s3.endpoint, s3.bucket) : undefined
  const store = new DocumentStore(
    () => knex,
    () => "presigned",
    () => files
  )
  const writer = new TrackingEventWriter(() => knex as never)
  const bucketBytes = async () => {
    if (!s3) return 0
    let n = 0
    for (const key of await s3.keys())
      n += ((await s3.object(key)) as Buffer).length
    return n
  }
  try {
    const stages: { stage: string; sizes: Sizes; bucket: number }[] = []
    const measure = async (stage: string) =>
      stages.push({
        stage,
        sizes: await sizes(knex),
        bucket: await bucketBytes(),
      })
    await measure("empty")

    const ids: string[] = []
    let labelBytes = 0
    for (let i = 0; i < PARCELS; i++) {
      const id = `ssship_bench${String(i).padStart(8, "0")}`
      ids.push(id)
      await knex("shipping_services_shipment").insert({
        id,
        transaction_id: `bench-${storage}-${i}`,
        transaction_ids: JSON.stringify([`bench-${storage}-${i}`]),
        request_key: `order_${i}:outbound:0`,
        option_id: "postal-ground",
        variant: "expedited",
        carrier: "POSTAL",
        service_id: "UGA",
        status: "created",
        shipment_id: `shp_${i}`,
        tracking_number: trackingNumberOf(i),
        label_type: "SHIPPING_LABEL",
        label_format: "PDF",
        label_size: "DOC_4X6",
        label_content_type: "BASE64",
        fulfillment_id: `ful_${i}`,
        order_id: `order_${i}`,
        parcel: JSON.stringify({
          items: [{ line_item_id: `ordli_${i}`, quantity: 2 }],
          weight_oz: 12,
        }),
        charges: JSON.stringify({
          total: 9.85,
          base: 8.6,
          currency: "USD",
          surcharges: [{ name: "fuel", fee: 1.25 }],
        }),
        attached_at: new Date(),
      })
      const page = Buffer.from(labelFile(i, "PDF"))
      labelBytes += page.length
      await store.insert([
        {
          kind: "label",
          owner_id: id,
          mime_type: "application/pdf",
          format: "PDF",
          content: page,
        },
      ])
    }
    if (files) await moveAll(store)
    await measure("labelled")

    let printBytes = 0
    for (let b = 0; b < PARCELS; b += BATCH_ORDERS) {
      const batchId = `ssbat_bench${String(b).padStart(8, "0")}`
      const orders = ids.slice(b, b + BATCH_ORDERS).map((_, j) => {
        const i = b + j
        return orderOf(i, [
          { format: "PDF", size: "DOC_4X6", pages: [labelFile(i, "PDF")] },
        ])
      })
      const result = await buildPrintFiles(orders, {
        layout: "4x6",
        include: { labels: true, packingSlips: true, commercialInvoices: true },
      })
      await knex("shipping_services_batch").insert({
        id: batchId,
        status: "done",
        mode: "print",
        layout: "4x6",
        print_version: 1,
        finished_at: new Date(Date.now() - 100 * DAY),
      })
      for (const [j, id] of ids.slice(b, b + BATCH_ORDERS).entries())
        await knex("shipping_services_batch_item").insert({
          id: `${batchId}_${j}`,
          batch_id: batchId,
          position: j,
          order_id: `order_${b + j}`,
          status: "done",
          shipment_ids: JSON.stringify({ ids: [id] }),
        })
      for (const file of result.files) {
        printBytes += file.bytes.length
        await store.insert([
          {
            kind: "print",
            owner_id: batchId,
            version: 1,
            mime_type: "application/pdf",
            format: "PDF",
            content: Buffer.from(file.bytes),
          },
        ])
      }
    }
    if (files) await moveAll(store)
    await measure("printed")

    const delivered = new Date(Date.now() - 100 * DAY)
    for (const [i, id] of ids.entries()) {
      const tn = trackingNumberOf(i)
      await writer.write(
        SCANS.map(([status, code, description], k) => ({
          ...rowOfScan(tn, {
            packageStatus: status,
            standardizedEventCode: code,
            eventDescription: description,
            eventDate: "2026-08-1" + k,
            eventTime: "14:17:00",
            eventTimeOffset: "-05:00",
            eventCity: k < 3 ? "SHELTON" : "NEW YORK",
            eventStateOrProvince: k < 3 ? "CT" : "NY",
            postalCode: k < 3 ? "06484" : "10001",
            country: "US",
          } as never),
          shipment_id: id,
        }))
      )
      await knex("shipping_services_shipment").where({ id }).update({
        tracking_status: "Delivered",
        tracking_status_at: delivered,
        shipped_applied_at: delivered,
        delivered_applied_at: delivered,
        last_event_at: delivered,
      })
    }
    await knex("shipping_services_document").update({
      created_at: new Date(Date.now() - 100 * DAY),
    })
    await measure("delivered")

    const retention = new DocumentRetention(() => knex, store)
    const cutoff = new Date(Date.now() - 90 * DAY)
    for (const kind of ["labels", "batches"] as const) {
      let after = ""
      for (;;) {
        const due =
          kind === "labels"
            ? await retention.dueLabels(cutoff, 200, after)
            : await retention.dueBatches(cutoff, 200, after)
        if (!due.length) break
        if (kind === "labels") await retention.removeLabels(due, cutoff)
        else await retention.removeBatchFiles(due, cutoff)
        after = due[due.length - 1]
      }
    }
    await measure("after retention")
    return { stages, labelBytes, printBytes }
  } finally {
    await knex.destroy()
    await s3?.close()
    await dropDatabase(name)
  }
}

async function moveAll(store: DocumentStore) {
  for (;;) {
    const { moved, failed } = await store.move("file", { limit: 100 })
    if (failed.length) throw new Error(`move failed: ${failed[0].reason}`)
    if (!moved) return
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

/** Part 2: a retention run of RETENTION parcels in the app, with the store's writes beside it. */
async function retentionRun(label: Buffer) {
  const name = "medusa_shipping_services_bench_retention"
  const sb = await startSandbox({ port: 0, speed: 0, log: () => undefined })
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl(name),
    NODE_ENV: "development",
    LOG_LEVEL: "error",
    MEDUSA_DISABLE_TELEMETRY: "true",
    MEDUSA_ADMIN_DISABLE: "true",
    SHIPPING_SERVICES_BASE_URL: sb.roots.baseUrl,
    SHIPPING_SERVICES_PUBLIC_URL: "http://localhost:9",
  }
  await freshDatabase(name)
  const knex = createPgConnection({
    clientUrl: databaseUrl(name),
  }) as unknown as Knex
  try {
    const migrated = await runChild(["db:migrate"], env)
    if (migrated.status !== 0)
      throw new Error(`db:migrate failed:\n${migrated.stderr.slice(-3000)}`)
    const notDue = Math.max(100, Math.round(RETENTION / 10))
    const old = new Date(Date.now() - 100 * DAY)
    // Due: delivered 100 days ago; not due: delivered yesterday. One label page each.
    await knex.raw(
      `insert into shipping_services_shipment (id, transaction_id, request_key, option_id, variant, carrier, service_id,
          status, shipment_id, tracking_number, label_format, tracking_status, tracking_status_at, delivered_applied_at, charges)
       select 'ssship_r' || lpad(n::text, 8, '0'), 'r-' || n, 'order_' || n || ':outbound:0', 'postal-ground', 'expedited',
              'POSTAL', 'UGA', 'created', 'shp_' || n, '9400' || lpad(n::text, 18, '0'), 'PDF', 'Delivered',
              case when n <= ? then ?::timestamptz else now() - interval '1 day' end,
              case when n <= ? then ?::timestamptz else now() - interval '1 day' end,
              '{"total": 9.85, "currency": "USD"}'::jsonb
         from generate_series(1, ?) n`,
      [RETENTION, old, RETENTION, old, RETENTION + notDue]
    )
    await knex.raw(
      `insert into shipping_services_document (id, kind, owner_id, mime_type, format, size, storage, content, created_at)
       select 'ssdoc_r' || lpad(n::text, 8, '0'), 'label', 'ssship_r' || lpad(n::text, 8, '0'), 'application/pdf', 'PDF',
              octet_length(?::bytea), 'database', ?::bytea, ?::timestamptz
         from generate_series(1, ?) n`,
      [label, label, old, RETENTION + notDue]
    )
    await knex.raw(`vacuum analyze`)

    // The store goes on: tracking updates on rows being removed, labels of new parcels stored.
    // Each sample is one such pair of writes, timed from another connection.
    let running = true
    const samples: { at: number; ms: number }[] = []
    const probe = (async () => {
      let i = 0
      while (running) {
        const n = 1 + ((i * 7919) % RETENTION)
        const t = performance.now()
        const at = Date.now()
        await knex.raw(
          `update shipping_services_shipment set last_event_at = now(), updated_at = now() where id = ?`,
          [`ssship_r${String(n).padStart(8, "0")}`]
        )
        await knex.raw(
          `insert into shipping_services_document (id, kind, owner_id, mime_type, format, size, storage, content)
           values (?, 'label', ?, 'application/pdf', 'PDF', ?, 'database', ?)`,
          [
            `ssdoc_probe${i}`,
            `ssship_r${String(RETENTION + 1).padStart(8, "0")}`,
            label.length,
            label,
          ]
        )
        samples.push({ at, ms: performance.now() - t })
        i++
        await new Promise((r) => setTimeout(r, 10))
      }
    })()
    // The same writes alone for a few seconds first: what they cost on this machine without a run.
    await new Promise((r) => setTimeout(r, 3_000))
    const quietUntil = Date.now()
    const started = performance.now()
    const run = await runChild(
      ["exec", "./bench/storage-retention-run.ts", String(Date.now())],
      env
    )
    const wall = performance.now() - started
    running = false
    await probe
    const line = run.stdout
      .split("\n")
      .find((l) => l.startsWith("STORAGE-RETENTION "))
    if (!line)
      throw new Error(
        `the retention run printed nothing:\n${run.stdout.slice(-2000)}\n${run.stderr.slice(-2000)}`
      )
    const report = JSON.parse(line.slice("STORAGE-RETENTION ".length))
    const { rows } = await knex.raw(
      `select count(*) filter (where documents_removed_at is not null)::int as removed,
              count(*) filter (where documents_removed_at is null)::int as kept
         from shipping_services_shipment`
    )
    const stats = (ms: number[]) => {
      ms.sort((a, b) => a - b)
      return {
        n: ms.length,
        p50: ms[Math.floor(ms.length * 0.5)] ?? 0,
        p99: ms[Math.floor(ms.length * 0.99)] ?? 0,
        max: ms[ms.length - 1] ?? 0,
      }
    }
    return {
      report,
      wall,
      removed: rows[0].removed,
      kept: rows[0].kept,
      quiet: stats(samples.filter((s) => s.at < quietUntil).map((s) => s.ms)),
      during: stats(
        samples
          .filter((s) => s.at >= report.started_at && s.at <= report.ended_at)
          .map((s) => s.ms)
      ),
    }
  } finally {
    await knex.destroy()
    await sb.close()
    await dropDatabase(name)
  }
}

/** Part 3: 0.1.0's base64 table with RETENTION labels, migrated to bytes. */
async function conversion(label: Buffer) {
  const name = "medusa_shipping_services_bench_convert"
  await freshDatabase(name)
  const clientUrl = databaseUrl(name)
  await migrate(
    clientUrl,
    path.join(
      root,
      "src/modules/shipping-services/__tests__/__fixtures__/migrations-0.1.0"
    )
  )
  const knex = createPgConnection({ clientUrl }) as unknown as Knex
  try {
    const base64 = label.toString("base64")
    await knex.raw(
      `insert into shipping_services_document (id, kind, owner_id, mime_type, format, content, size)
       select 'ssdoc_c' || lpad(n::text, 8, '0'), 'label', 'ssship_c' || n, 'application/pdf', 'PDF', ?, ?
         from generate_series(1, ?) n`,
      [base64, label.length, RETENTION]
    )
    const size = async () =>
      Number(
        (
          await knex.raw(
            `select coalesce(sum(pg_column_size(t.*)), 0)::bigint as n from shipping_services_document t`
          )
        ).rows[0].n
      )
    const before = await size()
    const t = performance.now()
    await migrate(clientUrl)
    const ms = performance.now() - t
    return { ms, before, after: await size() }
  } finally {
    await knex.destroy()
    await dropDatabase(name)
  }
}

async function main() {
  console.log(
    `bytes per parcel over its life (${PARCELS} parcels, print batches of ${BATCH_ORDERS}):`
  )
  const label = Buffer.from(labelFile(1, "PDF"))
  for (const storage of (process.env.BENCH_ONLY
    ? [process.env.BENCH_ONLY]
    : ["database", "file"]) as ("database" | "file")[]) {
    const { stages, labelBytes, printBytes } = await perParcel(storage)
    const base = stages[0].sizes
    console.log(
      `\n  documents.storage "${storage}" (label page ${kb(labelBytes / PARCELS)}, print files ${kb(printBytes / PARCELS)} per parcel; bytes of live rows, TOAST included, indexes not)`
    )
    console.log(
      `    ${"stage".padEnd(18)}${["shipment", "documents", "events", "batches", "total"].map((h) => h.padStart(11)).join("")}${storage === "file" ? "     bucket" : ""}`
    )
    for (const { stage, sizes: s, bucket } of stages.slice(1)) {
      const d = (k: keyof Sizes) => (s[k] - base[k]) / PARCELS
      const total =
        d("shipment") +
        d("document") +
        d("events") +
        d("batch") +
        d("batch_item")
      console.log(
        `    ${stage.padEnd(18)}${[
          d("shipment"),
          d("document"),
          d("events"),
          d("batch") + d("batch_item"),
          total,
        ]
          .map((v) => kb(v).padStart(11))
          .join(
            ""
          )}${storage === "file" ? kb(bucket / PARCELS).padStart(11) : ""}`
      )
    }
  }

  if (process.env.BENCH_ONLY) return
  console.log(
    `\nretention of ${RETENTION} delivered parcels in the app (the job's loop, batches of 200), a store's writes beside it:`
  )
  const r = await retentionRun(label)
  console.log(
    `  removed ${r.removed} labels (kept ${r.kept} not due) in ${(r.report.ms / 1000).toFixed(1)} s (${r.report.runs} workflow runs; the exec with app boot ${(r.wall / 1000).toFixed(1)} s)`
  )
  console.log(
    `  longest deleting transaction (row locks held): ${r.report.longest_lock_ms.toFixed(1)} ms`
  )
  const line = (s: { n: number; p50: number; p99: number; max: number }) =>
    `${s.n} samples, p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, longest ${s.max.toFixed(1)} ms`
  console.log(
    `  a store's writes (a tracking update on a row being removed + a label insert), during the run: ${line(r.during)}`
  )
  console.log(`  the same writes before the run, alone: ${line(r.quiet)}`)

  console.log(
    `\nupgrade from 0.1.0: ${RETENTION} base64 labels converted to bytes by the migration:`
  )
  const c = await conversion(label)
  console.log(
    `  ${(c.ms / 1000).toFixed(1)} s; ${kb(c.before / RETENTION)} → ${kb(c.after / RETENTION)} per label (live rows, TOAST included)`
  )
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  }
)
