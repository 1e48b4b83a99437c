import { randomBytes } from "node:crypto"
import { hostname } from "node:os"

/** Knex, as Medusa registers it under `__pg_connection__`. */
export type LeaseKnex = {
  raw: (sql: string, bindings: unknown[]) => Promise<{ rows: { id: string }[] }>
}

export type LeasedTable =
  | "shipping_services_shipment"
  | "shipping_services_auto_fulfillment"
  | "shipping_services_batch"

/** A restart is another owner. */
export const PROCESS_OWNER = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`

/**
 * Row leases, so a crashed process's work is finished by another instead of redone or abandoned.
 * A heartbeat renews held leases every third of their life; times are the database's `now()`.
 * Not Medusa's Locking Module: it never hands an expired lock to another owner, and a transaction-held lock pins a connection.
 */
export class Leases {
  private readonly held = new Map<string, Set<string>>()
  /** Let go with `letExpire`: not ours to retake until they run out. */
  private readonly expiring = new Map<string, number>()
  private readonly claiming = new Set<string>()
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly knex: () => LeaseKnex,
    readonly leaseMs: number,
    readonly owner: string = PROCESS_OWNER
  ) {}

  /**
   * Takes a row's lease if free, expired or ours (optionally only in `statuses`); false otherwise.
   * `exclusive` also refuses while another run of this process holds it (a print batch must never run twice).
   */
  async take(
    table: LeasedTable,
    id: string,
    statuses?: readonly string[],
    opts: { exclusive?: boolean } = {}
  ): Promise<boolean> {
    const until = this.expiring.get(id)
    if (until !== undefined) {
      if (until > Date.now()) return false
      this.expiring.delete(id)
    }
    if (!opts.exclusive) return this.takeRow(table, id, statuses)
    const key = `${table}:${id}`
    if (this.held.get(table)?.has(id) || this.claiming.has(key)) return false
    // Marked before the first await: two runs asking at once both see it.
    this.claiming.add(key)
    try {
      return await this.takeRow(table, id, statuses)
    } finally {
      this.claiming.delete(key)
    }
  }

  private async takeRow(
    table: LeasedTable,
    id: string,
    statuses?: readonly string[]
  ): Promise<boolean> {
    const bindings: unknown[] = [this.owner, this.leaseMs, id, this.owner]
    let statusClause = ""
    if (statuses?.length) {
      statusClause = ` and status in (${statuses.map(() => "?").join(", ")})`
      bindings.push(...statuses)
    }
    const { rows } = await this.knex().raw(
      `update ${table} set lease_owner = ?, lease_until = now() + (? * interval '1 millisecond')
       where id = ? and deleted_at is null
         and (lease_owner is null or lease_owner = ? or lease_until is null or lease_until < now())${statusClause}
       returning id`,
      bindings
    )
    if (!rows.length) return false
    this.track(table, id)
    return true
  }

  /** Rows created with the lease already set (see `fields`). */
  track(table: LeasedTable, id: string): void {
    let ids = this.held.get(table)
    if (!ids) this.held.set(table, (ids = new Set()))
    ids.add(id)
    this.startHeartbeat()
  }

  fields(): { lease_owner: string; lease_until: Date } {
    return {
      lease_owner: this.owner,
      lease_until: new Date(Date.now() + this.leaseMs),
    }
  }

  /** Stops renewing but keeps the row ours for one more lease time, while Medusa stores the bought label. */
  letExpire(table: LeasedTable, id: string): void {
    this.held.get(table)?.delete(id)
    this.expiring.set(id, Date.now() + this.leaseMs)
    if (this.expiring.size > 10_000) {
      const now = Date.now()
      for (const [key, at] of this.expiring)
        if (at <= now) this.expiring.delete(key)
    }
  }

  async release(table: LeasedTable, id: string): Promise<void> {
    this.held.get(table)?.delete(id)
    this.expiring.delete(id)
    await this.knex().raw(
      `update ${table} set lease_owner = null, lease_until = null where id = ? and lease_owner = ?`,
      [id, this.owner]
    )
  }

  /** Tests. */
  heldCount(): number {
    let n = 0
    for (const ids of this.held.values()) n += ids.size
    return n
  }

  async renew(): Promise<void> {
    for (const [table, ids] of this.held) {
      if (!ids.size) continue
      await this.knex().raw(
        `update ${table} set lease_until = now() + (? * interval '1 millisecond') where lease_owner = ? and id = any(?)`,
        [this.leaseMs, this.owner, [...ids]]
      )
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  private startHeartbeat() {
    if (this.timer) return
    this.timer = setInterval(
      () => {
        if (!this.heldCount()) return
        // Retried at the next beat; a lease only runs out after three missed beats.
        this.renew().catch(() => undefined)
      },
      Math.max(1_000, Math.floor(this.leaseMs / 3))
    )
    this.timer.unref?.()
  }
}
