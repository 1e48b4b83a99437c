import { generateEntityId } from "@medusajs/framework/utils"
import { Batcher } from "../../lib/ingest/batcher"

/** One notification or polled scan, as stored (shipping_services_tracking_event). */
export type TrackingEventRow = {
  dedupe_key: string
  kind: "tracking" | "locker"
  source: "webhook" | "poll"
  tracking_number: string
  shipment_id?: string | null
  package_status?: string | null
  event_code?: string | null
  occurred_at?: Date | null
  description?: string | null
  location?: string | null
  reference_id?: string | null
  payload: unknown
}

/** Knex, as Medusa registers it under `__pg_connection__`. */
type Knex = { raw: (sql: string, bindings: unknown[]) => Promise<{ rows: { id: string; dedupe_key: string }[] }> }

const COLUMNS = [
  "id",
  "dedupe_key",
  "kind",
  "source",
  "tracking_number",
  "shipment_id",
  "package_status",
  "event_code",
  "occurred_at",
  "description",
  "location",
  "reference_id",
  "payload",
] as const

/**
 * The lean write path of the webhook route: rows from concurrent deliveries are inserted by
 * one multi-row INSERT; a repeated notification (same dedupe key) inserts nothing. Returns,
 * per row, the new id or null for a duplicate. This bypasses the ORM on purpose: the route's
 * budget is a fraction of Medusa's own /health latency (see bench/webhook-ingest.ts).
 */
export class TrackingEventWriter {
  private readonly batcher: Batcher<TrackingEventRow, string | null>

  constructor(private readonly knex: () => Knex) {
    // Measured with bench/webhook-ingest.ts (64 senders, docs/tracking.md): flushes of at most
    // 64 rows, two at a time, gave a p99 of 1.85 × /health's in the median run; 500-row flushes,
    // four at a time, 2.67 ×. A request waits behind one short insert instead of a long one, at
    // the same throughput.
    this.batcher = new Batcher((rows) => this.insert(rows), { maxBatch: 64, maxWaitMs: 0, maxConcurrentFlushes: 2 })
  }

  write(rows: TrackingEventRow[]): Promise<(string | null)[]> {
    return this.batcher.add(rows)
  }

  private async insert(rows: TrackingEventRow[]): Promise<(string | null)[]> {
    const values: unknown[] = []
    const tuples = rows.map((r) => {
      values.push(
        generateEntityId(undefined, "sstev"),
        r.dedupe_key,
        r.kind,
        r.source,
        r.tracking_number,
        r.shipment_id ?? null,
        r.package_status ?? null,
        r.event_code ?? null,
        r.occurred_at ?? null,
        r.description ?? null,
        r.location ?? null,
        r.reference_id ?? null,
        JSON.stringify(r.payload ?? {})
      )
      return `(${COLUMNS.map((c) => (c === "payload" ? "?::jsonb" : "?")).join(", ")})`
    })
    const result = await this.knex().raw(
      `insert into shipping_services_tracking_event (${COLUMNS.join(", ")}) values ${tuples.join(", ")}
       on conflict (dedupe_key) where deleted_at is null do nothing
       returning id, dedupe_key`,
      values
    )
    const inserted = new Map<string, string>()
    for (const row of result.rows) inserted.set(row.dedupe_key, row.id)
    // Within one batch the same key may appear twice: only its first row counts as new.
    const seen = new Set<string>()
    return rows.map((r) => {
      const id = inserted.get(r.dedupe_key)
      if (!id || seen.has(r.dedupe_key)) return null
      seen.add(r.dedupe_key)
      return id
    })
  }
}
