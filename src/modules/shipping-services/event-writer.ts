import { entityId } from "../../lib/entity-id"
import { Batcher } from "../../lib/ingest/batcher"
import { isConnectionError, isInputError } from "../../lib/ingest/db-errors"

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

type Result = { rows: { id: string; dedupe_key: string }[] }
/** Knex under `__pg_connection__`, the part the writer uses. */
export type WriterKnex = {
  raw: (
    sql: string,
    bindings?: unknown[]
  ) => { connection: (connection: unknown) => PromiseLike<Result> }
  client: {
    acquireConnection: () => Promise<unknown>
    releaseConnection: (connection: unknown) => Promise<unknown>
  }
}

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

/** A row without a shipment is linked to the live one its tracking number names, as the apply path would. */
const PLACEHOLDER: Partial<Record<(typeof COLUMNS)[number], string>> = {
  shipment_id: `coalesce(?::text, (select shipment.id from shipping_services_shipment shipment
     where shipment.tracking_number = ? and shipment.status in ('created', 'voided')
       and shipment.deleted_at is null order by shipment.id desc limit 1))`,
  payload: "?::jsonb",
}

/** Deliveries up to this many rows share multi-row INSERTs with concurrent ones. */
export const SHARED_BATCH_ROWS = 64
/** Bind parameters a row: the columns, and the tracking number again to find its shipment. */
export const BINDINGS_PER_ROW = 14
/** BINDINGS_PER_ROW a row, well inside PostgreSQL's 65,535 (5,042 rows in one statement used to fail). */
export const CHUNK_ROWS = 1_000

/**
 * Medusa's pool keeps a query waiting up to 60 s while the database refuses connections, but the service resends
 * after its 10 s timeout; past this wait we answer 503 and a late connection goes back unused.
 */
export const ACQUIRE_TIMEOUT_MS = 5_000
/** After no connection could be had, writes fail at once for this long. */
export const UNREACHABLE_BACKOFF_MS = 1_000

/** The database refused the delivery's own values: nothing stored, resending cannot help (400; else 503). */
export class EventsRefusedError extends Error {
  readonly code = "events_refused"
  constructor(override readonly cause: unknown) {
    super(
      `The database refused the notifications: ${cause instanceof Error ? cause.message.split("\n")[0].slice(0, 300) : String(cause)}`
    )
  }
}

/** No connection within ACQUIRE_TIMEOUT_MS: nothing was written. */
export class DatabaseUnreachableError extends Error {
  override readonly name = "DatabaseUnreachableError"
}

const refusedOrAsIs = (e: unknown): unknown =>
  e instanceof EventsRefusedError || !isInputError(e)
    ? e
    : new EventsRefusedError(e)

/**
 * The webhook route's lean write path, bypassing the ORM for latency; duplicates insert nothing (null id).
 * A delivery is stored whole or not at all: small ones share a multi-row INSERT and are retried alone when it
 * fails, so a poison row fails only its own delivery; large ones go in CHUNK_ROWS statements in one transaction.
 */
export class TrackingEventWriter {
  private readonly batcher: Batcher<TrackingEventRow, string | null>
  private unreachableUntil = 0

  constructor(
    private readonly knex: () => WriterKnex,
    private readonly timing = {
      acquireTimeoutMs: ACQUIRE_TIMEOUT_MS,
      unreachableBackoffMs: UNREACHABLE_BACKOFF_MS,
    }
  ) {
    // bench/webhook-ingest: 64-row flushes two at a time gave p99 1.85 × /health; 500-row flushes 2.67 ×.
    this.batcher = new Batcher(
      (rows) => this.withConnection((c) => this.insert(c, rows)),
      {
        maxBatch: SHARED_BATCH_ROWS,
        maxWaitMs: 0,
        maxConcurrentFlushes: 2,
        isolate: (e) => !isConnectionError(e),
      }
    )
  }

  async write(rows: TrackingEventRow[]): Promise<(string | null)[]> {
    try {
      if (rows.length <= SHARED_BATCH_ROWS) return await this.batcher.add(rows)
      return await this.withConnection((c) => this.insertInTransaction(c, rows))
    } catch (e) {
      throw refusedOrAsIs(e)
    }
  }

  private async withConnection<T>(
    work: (connection: unknown) => Promise<T>
  ): Promise<T> {
    if (Date.now() < this.unreachableUntil)
      throw new DatabaseUnreachableError(
        "The database was unreachable a moment ago"
      )
    const { client } = this.knex()
    const pending = client.acquireConnection()
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      const ms = this.timing.acquireTimeoutMs
      timer = setTimeout(
        () =>
          reject(
            new DatabaseUnreachableError(
              `No database connection within ${ms} ms`
            )
          ),
        ms
      )
    })
    let connection: unknown
    try {
      connection = await Promise.race([pending, timeout])
    } catch (e) {
      pending.then(
        (late) => client.releaseConnection(late),
        () => undefined
      )
      this.noteUnreachable(e)
      throw e
    } finally {
      clearTimeout(timer)
    }
    try {
      return await work(connection)
    } finally {
      await client.releaseConnection(connection)
    }
  }

  /** Only failing to get a connection backs off: a query failing on a dropped connection says nothing of the next. */
  private noteUnreachable(e: unknown) {
    if (e instanceof DatabaseUnreachableError || isConnectionError(e))
      this.unreachableUntil = Date.now() + this.timing.unreachableBackoffMs
  }

  private async insertInTransaction(
    connection: unknown,
    rows: TrackingEventRow[]
  ): Promise<(string | null)[]> {
    const run = (sql: string) => this.knex().raw(sql).connection(connection)
    await run("begin")
    try {
      const ids: (string | null)[] = []
      const seen = new Set<string>()
      for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
        ids.push(
          ...(await this.insert(
            connection,
            rows.slice(i, i + CHUNK_ROWS),
            seen
          ))
        )
      }
      await run("commit")
      return ids
    } catch (e) {
      await Promise.resolve(run("rollback")).catch(() => undefined)
      throw e
    }
  }

  /** ON CONFLICT DO NOTHING; `seen` holds keys earlier statements of the delivery counted as new. */
  private async insert(
    connection: unknown,
    rows: TrackingEventRow[],
    seen = new Set<string>()
  ): Promise<(string | null)[]> {
    const values: unknown[] = []
    const tuples = rows.map((r) => {
      values.push(
        entityId("sstev"),
        r.dedupe_key,
        r.kind,
        r.source,
        r.tracking_number,
        r.shipment_id ?? null,
        r.tracking_number,
        r.package_status ?? null,
        r.event_code ?? null,
        r.occurred_at ?? null,
        r.description ?? null,
        r.location ?? null,
        r.reference_id ?? null,
        payloadJson(r.payload)
      )
      return `(${COLUMNS.map((c) => PLACEHOLDER[c] ?? "?").join(", ")})`
    })
    const result = await this.knex()
      .raw(
        `insert into shipping_services_tracking_event (${COLUMNS.join(", ")}) values ${tuples.join(", ")}
       on conflict (dedupe_key) where deleted_at is null do nothing
       returning id, dedupe_key`,
        values
      )
      .connection(connection)
    const inserted = new Map<string, string>()
    for (const row of result.rows) inserted.set(row.dedupe_key, row.id)
    // The same key twice in one statement: only its first row counts as new.
    return rows.map((r) => {
      const id = inserted.get(r.dedupe_key)
      if (!id || seen.has(r.dedupe_key)) return null
      seen.add(r.dedupe_key)
      return id
    })
  }
}

/** Nesting too deep for JSON.stringify is the input's fault. */
function payloadJson(payload: unknown): string {
  try {
    return JSON.stringify(payload ?? {})
  } catch (e) {
    throw new EventsRefusedError(e)
  }
}
