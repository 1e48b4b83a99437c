import { entityId } from "../../lib/entity-id"
import {
  OUTAGE_SETTING,
  outageOpened,
  type OutageRecord,
} from "../../lib/outage/outage"

/** Knex, as Medusa registers it under `__pg_connection__`. */
export type AvailabilityKnex = {
  raw: (
    sql: string,
    bindings: unknown[]
  ) => Promise<{ rows: Record<string, unknown>[] }>
}

/** How long a process trusts its last read of a down service before reading again. */
const DOWN_VIEW_MS = 5_000

/**
 * The service's availability as the whole shop shares it (src/lib/outage/outage.ts), kept on
 * one row of shipping_services_setting so every server and worker sees the same outage and its
 * alert goes out once. Cheap where it must be: while the service answers, asking costs nothing
 * (no read, no request), so the label path and checkout stay at their floor; a process learns
 * of an outage from its own first failed call (or a probe). While it is down a process reads
 * the row again at most every few seconds, to learn that a probe found the service back.
 */
export class ServiceAvailability {
  /** This process's view: null while it has seen nothing but answers. */
  private view: { record: OutageRecord; readAt: number } | null = null

  constructor(
    private readonly knex: () => AvailabilityKnex,
    private readonly clock: () => number = Date.now,
    private readonly downViewMs = DOWN_VIEW_MS
  ) {}

  /** The outage going on, as this process knows it; null while the service answers. */
  async outage(): Promise<OutageRecord | null> {
    const view = this.view
    if (!view) return null
    if (this.clock() - view.readAt < this.downViewMs) return view.record
    return this.read()
  }

  /** The shared record read now (the probe job, Health); null while the service answers. */
  async read(): Promise<OutageRecord | null> {
    const record = await this.readRecord()
    this.remember(record)
    return record?.state === "down" ? record : null
  }

  /** The shared record as it is, up or down (Health shows the last outage too). */
  async readRecord(): Promise<OutageRecord | null> {
    const { rows } = await this.knex().raw(
      `select value from shipping_services_setting where key = ? and deleted_at is null`,
      [OUTAGE_SETTING]
    )
    return (rows[0]?.value as OutageRecord | undefined) ?? null
  }

  /**
   * A call found the service away: the outage opens now unless it is open already. True when
   * this call opened it (its process then tells the rest of the plugin); either way this
   * process stops sending creates from now on.
   */
  async open(reason: string, now = new Date()): Promise<boolean> {
    const record = outageOpened(reason, now)
    const { rows } = await this.knex().raw(
      `insert into shipping_services_setting (id, key, value, created_at, updated_at)
       values (?, ?, ?::jsonb, now(), now())
       on conflict (key) where deleted_at is null do update
         set value = case
               -- an earlier outage's ending is kept with the new one, for Health
               when shipping_services_setting.value->'last_outage' is not null
                 then excluded.value || jsonb_build_object('last_outage', shipping_services_setting.value->'last_outage')
               else excluded.value end,
             updated_at = now()
         where shipping_services_setting.value->>'state' is distinct from 'down'
       returning value`,
      [entityId("ssset"), OUTAGE_SETTING, JSON.stringify(record)]
    )
    if (rows.length) {
      this.remember(rows[0]!.value as OutageRecord)
      return true
    }
    await this.read()
    return false
  }

  /**
   * Moves the outage that began at `since` to `next` (a probe's result), unless another process
   * moved it first (compare-and-set on its start): of two probes, one ends it and resumes the
   * orders. True when this call wrote it.
   */
  async settle(since: string, next: OutageRecord): Promise<boolean> {
    const { rows } = await this.knex().raw(
      `update shipping_services_setting set value = ?::jsonb, updated_at = now()
        where key = ? and deleted_at is null
          and value->>'state' = 'down' and value->>'since' = ?
       returning value`,
      [JSON.stringify(next), OUTAGE_SETTING, since]
    )
    if (rows.length) this.remember(rows[0]!.value as OutageRecord)
    else await this.read()
    return rows.length > 0
  }

  private remember(record: OutageRecord | null): void {
    this.view =
      record?.state === "down" ? { record, readAt: this.clock() } : null
  }
}
