import { entityId } from "../../lib/entity-id"
import { Batcher } from "../../lib/ingest/batcher"
import { isConnectionError, isInputError } from "../../lib/ingest/db-errors"

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

type Result = { rows: { id: string; dedupe_key: string }[] }
/** Knex, as Medusa registers it under `__pg_connection__` (the part the writer uses). */
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

/** Deliveries up to this many rows share multi-row INSERTs with concurrent ones (see below). */
export const SHARED_BATCH_ROWS = 64
/**
 * Rows per INSERT of a larger delivery: 13 bind parameters a row, 13,000 a statement, well
 * inside PostgreSQL's 65,535 (a delivery of 5,042 rows in one statement used to fail).
 */
export const CHUNK_ROWS = 1_000

/**
 * How long a write waits for a pooled connection. Medusa's pool (propagateCreateError: false)
 * keeps a query waiting up to 60 s while the database refuses connections; the service gives up
 * on a delivery after its configuration's timeOut (10 s by default) and sends it again. Past
 * this wait the delivery is answered 503 and the connection, should it come, goes back unused:
 * nothing is written after the answer.
 */
export const ACQUIRE_TIMEOUT_MS = 5_000
/** After no connection could be had, writes fail at once for this long. */
export const UNREACHABLE_BACKOFF_MS = 1_000

/**
 * The database refused a delivery's own values (a data exception, an integrity violation, a
 * limit such as an index row too large): nothing of the delivery was stored and sending it
 * again cannot help. The receive route answers 400. Any other failure is ours (503).
 */
export class EventsRefusedError extends Error {
  readonly code = "events_refused"
  constructor(override readonly cause: unknown) {
    super(
      `The database refused the notifications: ${cause instanceof Error ? cause.message.split("\n")[0].slice(0, 300) : String(cause)}`
    )
  }
}

/** No connection to the database within ACQUIRE_TIMEOUT_MS (or just before): nothing was written. */
export class DatabaseUnreachableError extends Error {
  override readonly name = "DatabaseUnreachableError"
}

const refusedOrAsIs = (e: unknown): unknown =>
  e instanceof EventsRefusedError || !isInputError(e)
    ? e
    : new EventsRefusedError(e)

/**
 * The lean write path of the webhook route; a repeated notification (same dedupe key) inserts
 * nothing. Returns, per row, the new id or null for a duplicate. This bypasses the ORM on
 * purpose: the route's budget is a fraction of Medusa's own /health latency (see
 * bench/webhook-ingest.ts).
 *
 * A delivery is stored whole or not at all, and its fate depends only on itself:
 * - up to SHARED_BATCH_ROWS rows, it joins one multi-row INSERT with concurrent deliveries (one
 *   statement: atomic); when that INSERT fails, each delivery of it is inserted again alone, so a
 *   poison row fails only its own delivery (not when the database is unreachable: then all fail);
 * - a larger one is inserted alone, in CHUNK_ROWS-row statements inside one transaction.
 * A refusal of the delivery's own values is an EventsRefusedError; anything else is thrown as is.
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
    // Measured with bench/webhook-ingest.ts (64 senders, docs/tracking.md): flushes of at most
    // 64 rows, two at a time, gave a p99 of 1.85 × /health's in the median run; 500-row flushes,
    // four at a time, 2.67 ×. A request waits behind one short insert instead of a long one, at
    // the same throughput.
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

  /** A pooled connection for `work`, waited for at most ACQUIRE_TIMEOUT_MS, always given back. */
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
      // A connection that comes after we gave up goes back unused.
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

  /**
   * Only a failure to get a connection at all backs off: a query that fails on one connection
   * dropped under it (a database restart) says nothing of the next one the pool makes.
   */
  private noteUnreachable(e: unknown) {
    if (e instanceof DatabaseUnreachableError || isConnectionError(e))
      this.unreachableUntil = Date.now() + this.timing.unreachableBackoffMs
  }

  /** A large delivery: CHUNK_ROWS rows a statement, all in one transaction. */
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

  /**
   * One multi-row INSERT … ON CONFLICT DO NOTHING. `seen` carries the keys already counted as new
   * by earlier statements of the same delivery: the same key twice counts once, first come.
   */
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
        r.package_status ?? null,
        r.event_code ?? null,
        r.occurred_at ?? null,
        r.description ?? null,
        r.location ?? null,
        r.reference_id ?? null,
        payloadJson(r.payload)
      )
      return `(${COLUMNS.map((c) => (c === "payload" ? "?::jsonb" : "?")).join(", ")})`
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
    // Within one statement the same key may appear twice: only its first row counts as new.
    return rows.map((r) => {
      const id = inserted.get(r.dedupe_key)
      if (!id || seen.has(r.dedupe_key)) return null
      seen.add(r.dedupe_key)
      return id
    })
  }
}

/** A payload that cannot be serialised (nesting too deep for JSON.stringify) is the input's fault. */
function payloadJson(payload: unknown): string {
  try {
    return JSON.stringify(payload ?? {})
  } catch (e) {
    throw new EventsRefusedError(e)
  }
}
