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

const DOWN_VIEW_MS = 5_000

/**
 * The shop-wide availability on one setting row, so every process sees one outage and alerts once.
 * Free while the service answers; while it is down a process rereads at most every few seconds.
 */
export class ServiceAvailability {
  private view: { record: OutageRecord; readAt: number } | null = null

  constructor(
    private readonly knex: () => AvailabilityKnex,
    private readonly clock: () => number = Date.now,
    private readonly downViewMs = DOWN_VIEW_MS
  ) {}

  async outage(): Promise<OutageRecord | null> {
    const view = this.view
    if (!view) return null
    if (this.clock() - view.readAt < this.downViewMs) return view.record
    return this.read()
  }

  /** Read now (probe job, Health). */
  async read(): Promise<OutageRecord | null> {
    const record = await this.readRecord()
    this.remember(record)
    return record?.state === "down" ? record : null
  }

  /** Up or down: Health shows the last outage too. */
  async readRecord(): Promise<OutageRecord | null> {
    const { rows } = await this.knex().raw(
      `select value from shipping_services_setting where key = ? and deleted_at is null`,
      [OUTAGE_SETTING]
    )
    return (rows[0]?.value as OutageRecord | undefined) ?? null
  }

  /** Opens the outage unless open already; true when this call opened it. */
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

  /** Compare-and-set on the start, so of two probes one ends the outage and resumes orders. */
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
