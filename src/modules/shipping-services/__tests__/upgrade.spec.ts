import { readdirSync } from "node:fs"
import { buildMigrationScript } from "@medusajs/framework/utils"
import { randomBytes } from "node:crypto"
import path from "node:path"
import type { Client } from "pg"
import {
  databaseUrl,
  dropDatabase,
  freshDatabase,
  pgClient,
} from "../../../../dev/database"
import { Migration20261125143000 } from "../migrations/Migration20261125143000"

const DOCUMENT_COPY_BATCH = Migration20261125143000.COPY_BATCH

jest.setTimeout(180_000)

const MODULE = "shippingServices"
const CURRENT = path.resolve(__dirname, "../migrations")
/** The module's migrations as released in 0.1.0 (commit 67cbaae), copied verbatim. */
const RELEASE_0_1_0 = path.resolve(__dirname, "__fixtures__/migrations-0.1.0")

/** Migration names in a folder, in the order Medusa runs them. */
const migrationsIn = (dir: string) =>
  readdirSync(dir)
    .filter((f) => /^Migration\d+\.[jt]s$/.test(f))
    .map((f) => f.replace(/\.[jt]s$/, ""))
    .sort()
/** The migrations written since 0.1.0: what an upgrade runs. */
const SINCE_0_1_0 = migrationsIn(CURRENT).filter(
  (m) => !migrationsIn(RELEASE_0_1_0).includes(m)
)

const silent = { info: () => undefined, error: console.error }

/** Runs a folder of the module's migrations the way `medusa db:migrate` does (one transaction). */
async function migrate(clientUrl: string, folder: string) {
  const run = buildMigrationScript({
    moduleName: MODULE,
    pathToMigrations: folder,
  })
  return run({
    options: { database: { clientUrl } },
    logger: silent as never,
  } as never)
}

type Doc = {
  id: string
  kind: string
  owner_id: string
  page: number
  version: number
  bytes: Buffer
  deleted: boolean
}

const TABLES = [
  "shipping_services_shipment",
  "shipping_services_tracking_event",
  "shipping_services_batch",
  "shipping_services_batch_item",
  "shipping_services_auto_fulfillment",
  "shipping_services_webhook_registration",
  "shipping_services_setting",
]

/** Every row of every table but the documents, as JSON, without the columns the upgrade adds. */
async function dump(c: Client) {
  const out: Record<string, unknown[]> = {}
  for (const table of TABLES) {
    const { rows } = await c.query(
      `select to_jsonb(t) - 'documents_removed_at' - 'files_removed_at' - 'sandbox_clock_at' - 'rate_choice'
              - 'bought_day' - 'charge_total' - 'charge_duty_and_tax' - 'charge_currency' - 'rate_saving' as row
         from ${table} t order by id`
    )
    out[table] = rows.map((r) => r.row)
  }
  return out
}

/**
 * A database made by 0.1.0 with a store's data in it (labels of several pages and versions,
 * tracking events, a print batch with its files, a manifest, the webhook registration, settings,
 * a soft-deleted document), migrated to the current schema: every row is still there, every
 * document's bytes are the base64 it held, decoded, byte for byte.
 */
describe("upgrade from 0.1.0", () => {
  const name = `ss_upgrade_${process.pid}_${Date.now()}`
  const clientUrl = databaseUrl(name)
  let c: Client

  beforeAll(async () => {
    await freshDatabase(name)
    c = pgClient(name)
    await c.connect()
  })
  afterAll(async () => {
    await c?.end()
    await dropDatabase(name)
  })

  it("keeps every row and converts documents to bytes, byte for byte, in batches", async () => {
    const first = await migrate(clientUrl, RELEASE_0_1_0)
    expect(first.map((m: { name: string }) => m.name)).toEqual([
      "Migration20261121193210",
      "Migration20261123120909",
      "Migration20261123125905",
    ])
    const { rows: columns } = await c.query(
      `select data_type from information_schema.columns where table_name = 'shipping_services_document' and column_name = 'content'`
    )
    expect(columns).toEqual([{ data_type: "text" }])

    // A store's data, as 0.1.0 wrote it.
    const shipments = 60
    for (let i = 0; i < shipments; i++) {
      await c.query(
        `insert into shipping_services_shipment
           (id, transaction_id, transaction_ids, request_key, option_id, variant, carrier, service_id, status,
            shipment_id, tracking_number, label_format, label_size, charges, reprint_count, tracking_status,
            tracking_status_at, delivered_applied_at, customs, printed_at, metadata, order_id)
         values ($1, $2, $3, $4, 'postal-ground', 'expedited', 'POSTAL', 'UGA', $5, $6, $7, 'PDF', 'DOC_4X6',
                 $8, $9, $10, now() - interval '3 days', $11, $12, now(), $13, $14)`,
        [
          `ssship_${String(i).padStart(3, "0")}`,
          `T-${i}`,
          JSON.stringify([`T-${i}`]),
          `order_${i}:outbound:0`,
          i % 7 === 0 ? "voided" : "created",
          `SHP${i}`,
          `9400${String(i).padStart(18, "0")}`,
          JSON.stringify({ total: 7.5 + i, currency: "USD" }),
          i % 3,
          i % 2 ? "Delivered" : "InTransit",
          i % 2 ? new Date(Date.now() - 2 * 86_400_000) : null,
          i % 5 === 0
            ? JSON.stringify({ customs: { items: [{ hsCode: "6109" }] } })
            : null,
          JSON.stringify({ note: `ünïcødé ${i}` }),
          `order_${i % 20}`,
        ]
      )
      for (let e = 0; e < 5; e++) {
        await c.query(
          `insert into shipping_services_tracking_event
             (id, dedupe_key, tracking_number, shipment_id, package_status, event_code, occurred_at, description, payload, processed_at, outcome)
           values ($1, $2, $3, $4, 'InTransit', '10', now() - ($5 || ' hours')::interval, 'Arrived', $6, now(), 'applied')`,
          [
            `sstev_${i}_${e}`,
            `dk-${i}-${e}`,
            `9400${String(i).padStart(18, "0")}`,
            `ssship_${String(i).padStart(3, "0")}`,
            String(e),
            JSON.stringify({ packageStatus: "InTransit", n: e }),
          ]
        )
      }
    }
    await c.query(
      `insert into shipping_services_batch (id, status, mode, layout, files, print_version, finished_at)
       values ('ssbat_1', 'done', 'buy', '4x6', $1, 1, now())`,
      [
        JSON.stringify([
          { kind: "combined", document_id: "ssdoc_print", file_name: "b.pdf" },
        ]),
      ]
    )
    await c.query(
      `insert into shipping_services_batch_item (id, batch_id, position, order_id, status, shipment_ids)
       values ('ssbit_1', 'ssbat_1', 0, 'order_1', 'done', $1)`,
      [JSON.stringify({ ids: ["ssship_001", "ssship_002"] })]
    )
    await c.query(
      `insert into shipping_services_auto_fulfillment (id, order_id, status, attempts, last_error)
       values ('ssaf_1', 'order_1', 'succeeded', 1, null), ('ssaf_2', 'order_2', 'failed', 3, $1)`,
      [JSON.stringify({ message: "the service said no" })]
    )
    await c.query(
      `insert into shipping_services_webhook_registration (id, type, config_id, name, url, events, header_name, api_key, time_out)
       values ('sswh_1', 'tracking', 'cfg-1', 'medusa-shipping-services', 'https://x/hooks', '["ALL"]', 'X-Key', 'secret', 10)`
    )
    await c.query(
      `insert into shipping_services_setting (id, key, value) values ('ssset_1', 'manifest:MNF1', $1)`,
      [JSON.stringify({ manifest_id: "MNF1" })]
    )

    // More documents than two batches of the copy; sizes from empty to a real label's 80 KB.
    const docs: Doc[] = []
    const total = DOCUMENT_COPY_BATCH * 2 + 37
    for (let i = 0; i < total; i++) {
      const owner = i % shipments
      const kind = i === 0 ? "print" : i === 1 ? "manifest" : "label"
      docs.push({
        id: i === 0 ? "ssdoc_print" : `ssdoc_${String(i).padStart(4, "0")}`,
        kind,
        owner_id:
          kind === "print"
            ? "ssbat_1"
            : kind === "manifest"
              ? "MNF1"
              : `ssship_${String(owner).padStart(3, "0")}`,
        page: Math.floor(i / shipments),
        version: i % 3,
        bytes: randomBytes([0, 1, 2, 3, 80_000][i % 5] + (i % 11)),
        deleted: i % 97 === 5,
      })
    }
    for (const d of docs) {
      await c.query(
        `insert into shipping_services_document (id, kind, owner_id, page, version, mime_type, format, content, size, deleted_at)
         values ($1, $2, $3, $4, $5, 'application/pdf', 'PDF', $6, $7, $8)`,
        [
          d.id,
          d.kind,
          d.owner_id,
          d.page,
          d.version,
          d.bytes.toString("base64"),
          Math.floor((d.bytes.toString("base64").length * 3) / 4),
          d.deleted ? new Date() : null,
        ]
      )
    }
    const before = await dump(c)
    const { rows: beforeDocs } = await c.query(
      `select id, created_at, updated_at from shipping_services_document order by id`
    )

    // The upgrade: only the new migration runs.
    const ran = await migrate(clientUrl, CURRENT)
    expect(ran.map((m: { name: string }) => m.name)).toEqual(SINCE_0_1_0)
    expect(SINCE_0_1_0).toContain("Migration20261125143000")

    expect(await dump(c)).toEqual(before)
    const { rows: added } = await c.query(
      `select count(*)::int as n from shipping_services_shipment where documents_removed_at is not null
       union all select count(*)::int from shipping_services_batch where files_removed_at is not null`
    )
    expect(added).toEqual([{ n: 0 }, { n: 0 }])
    // The spend report's figures: every order with labels waits for them to be computed.
    const { rows: spend } = await c.query(
      `select count(*)::int as orders, min(changes) as changes from shipping_services_order_spend`
    )
    const { rows: labelled } = await c.query(
      `select count(distinct order_id)::int as orders from shipping_services_shipment`
    )
    expect(spend).toEqual([{ orders: labelled[0].orders, changes: 1 }])
    expect(labelled[0].orders).toBeGreaterThan(0)

    const { rows: after } = await c.query(
      `select id, kind, owner_id, page, version, mime_type, format, size, storage, file_id, content, created_at, updated_at, deleted_at
         from shipping_services_document order by id`
    )
    const kept = docs.filter((d) => !d.deleted)
    expect(docs.length - kept.length).toBeGreaterThanOrEqual(4)
    expect(after.map((r) => r.id)).toEqual(kept.map((d) => d.id).sort())
    const byId = new Map(kept.map((d) => [d.id, d]))
    const times = new Map(beforeDocs.map((r) => [r.id, r]))
    for (const row of after) {
      const doc = byId.get(row.id) as Doc
      expect(Buffer.compare(row.content, doc.bytes)).toBe(0)
      expect(row).toMatchObject({
        kind: doc.kind,
        owner_id: doc.owner_id,
        page: doc.page,
        version: doc.version,
        size: doc.bytes.length,
        storage: "database",
        file_id: null,
        deleted_at: null,
        created_at: times.get(row.id).created_at,
        updated_at: times.get(row.id).updated_at,
      })
    }
    const { rows: types } = await c.query(
      `select data_type from information_schema.columns where table_name = 'shipping_services_document' and column_name = 'content'`
    )
    expect(types).toEqual([{ data_type: "bytea" }])

    // The table is the one the models describe: its indexes, and the checks that keep bytes honest.
    const { rows: indexes } = await c.query(
      `select indexname from pg_indexes where tablename = 'shipping_services_document' order by 1`
    )
    expect(indexes.map((r) => r.indexname)).toEqual([
      "IDX_shipping_services_document_created_at",
      "IDX_shipping_services_document_deleted_at",
      "IDX_shipping_services_document_kind_owner_id_version_page",
      "shipping_services_document_pkey",
    ])
    await expect(
      c.query(
        `update shipping_services_document set deleted_at = now() where id = 'ssdoc_0002'`
      )
    ).rejects.toThrow(/shipping_services_document_never_soft_deleted/)
    await expect(
      c.query(
        `update shipping_services_document set content = null where id = 'ssdoc_0002'`
      )
    ).rejects.toThrow(/shipping_services_document_content_check/)
    await expect(
      c.query(
        `update shipping_services_document set storage = 'file' where id = 'ssdoc_0002'`
      )
    ).rejects.toThrow(/check/)

    // Running the migrations again changes nothing.
    expect(await migrate(clientUrl, CURRENT)).toEqual([])
  })

  it("installs fresh with every migration in one run", async () => {
    const fresh = `${name}_fresh`
    await freshDatabase(fresh)
    try {
      const ran = await migrate(databaseUrl(fresh), CURRENT)
      expect(ran.map((m: { name: string }) => m.name)).toEqual(
        migrationsIn(CURRENT)
      )
      const f = pgClient(fresh)
      await f.connect()
      try {
        const { rows } = await f.query(
          `select column_name, data_type from information_schema.columns
            where table_name = 'shipping_services_document' and column_name in ('content', 'storage', 'file_id') order by 1`
        )
        expect(rows).toEqual([
          { column_name: "content", data_type: "bytea" },
          { column_name: "file_id", data_type: "text" },
          { column_name: "storage", data_type: "text" },
        ])
      } finally {
        await f.end()
      }
    } finally {
      await dropDatabase(fresh)
    }
  })
})
