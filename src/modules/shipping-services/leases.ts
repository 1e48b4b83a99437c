import { randomBytes } from "node:crypto"
import { hostname } from "node:os"

/** Knex, as Medusa registers it under `__pg_connection__`. */
export type LeaseKnex = {
  raw: (sql: string, bindings: unknown[]) => Promise<{ rows: { id: string }[] }>
}

/** The tables whose rows carry a lease (`lease_owner`, `lease_until`). */
export type LeasedTable =
  | "shipping_services_shipment"
  | "shipping_services_auto_fulfillment"
  | "shipping_services_batch"

/** This process, for as long as it lives: a restart is another owner. */
export const PROCESS_OWNER = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`

/**
 * Leases on rows, so that work interrupted by a crash is found and finished by another process
 * (or this one after a restart) instead of being redone or left alone.
 *
 * A process takes a row's lease (a compare-and-set: free, expired or already its own), and a
 * heartbeat renews every lease it holds every third of the lease's life while the work runs. A
 * process that dies (kill -9, lost host) stops renewing: its leases run out within one lease
 * time and the row is free for whoever settles it. Times are the database's (`now()`), so the
 * clocks of servers and workers never matter.
 *
 * Why not Medusa's Locking Module: its PostgreSQL provider never hands an expired lock to
 * another owner (`acquire` throws when the owner differs, expired or not), so a crashed owner's
 * lock would block forever; and a lock held in a transaction holds a pooled connection for the
 * whole label purchase.
 */
export class Leases {
  private readonly held = new Map<string, Set<string>>()
  /** Rows let go with `letExpire`: not this process's to take again until their lease ran out. */
  private readonly expiring = new Map<string, number>()
  /** Rows a run of this process is taking exclusively right now (`table:id`). */
  private readonly claiming = new Set<string>()
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly knex: () => LeaseKnex,
    readonly leaseMs: number,
    readonly owner: string = PROCESS_OWNER
  ) {}

  /**
   * Takes the lease of a row if it is free, ran out, or is already ours, optionally only while
   * the row is in one of `statuses`; renews it from then on. False when another live process
   * holds it (or the row is gone or in another status).
   *
   * The database knows the owner as the process, so a task of this process may take a row
   * another task of it holds (the re-home holds created rows while the purchase it starts takes
   * them again). `exclusive` refuses that: false while a run of this process holds the row, for
   * work that two runs of one process must never do at once (a print batch: the route that
   * started it and the resume job would both buy and print it).
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

  /** Rows created by this process with the lease already set (see `fields`): renew them too. */
  track(table: LeasedTable, id: string): void {
    let ids = this.held.get(table)
    if (!ids) this.held.set(table, (ids = new Set()))
    ids.add(id)
    this.startHeartbeat()
  }

  /** The columns of a row this process creates and holds from the start (then call `track`). */
  fields(): { lease_owner: string; lease_until: Date } {
    return {
      lease_owner: this.owner,
      lease_until: new Date(Date.now() + this.leaseMs),
    }
  }

  /**
   * Stops renewing, and leaves the lease to run out on its own: the row stays ours for one more
   * lease time. Used after a label is bought, while Medusa stores it on the fulfillment after the
   * provider returned: nobody may take the label for another fulfillment meanwhile.
   */
  letExpire(table: LeasedTable, id: string): void {
    this.held.get(table)?.delete(id)
    this.expiring.set(id, Date.now() + this.leaseMs)
    if (this.expiring.size > 10_000) {
      const now = Date.now()
      for (const [key, at] of this.expiring)
        if (at <= now) this.expiring.delete(key)
    }
  }

  /** Gives the row up now (the work is done and recorded). */
  async release(table: LeasedTable, id: string): Promise<void> {
    this.held.get(table)?.delete(id)
    this.expiring.delete(id)
    await this.knex().raw(
      `update ${table} set lease_owner = null, lease_until = null where id = ? and lease_owner = ?`,
      [id, this.owner]
    )
  }

  /** How many rows this process holds now (tests). */
  heldCount(): number {
    let n = 0
    for (const ids of this.held.values()) n += ids.size
    return n
  }

  /** Renews every held lease now (the heartbeat's work; tests call it directly). */
  async renew(): Promise<void> {
    for (const [table, ids] of this.held) {
      if (!ids.size) continue
      await this.knex().raw(
        `update ${table} set lease_until = now() + (? * interval '1 millisecond') where lease_owner = ? and id = any(?)`,
        [this.leaseMs, this.owner, [...ids]]
      )
    }
  }

  /** Stops the heartbeat (shutdown); held leases then run out. */
  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  private startHeartbeat() {
    if (this.timer) return
    this.timer = setInterval(
      () => {
        if (!this.heldCount()) return
        // A failed renewal (database briefly away) is tried again at the next beat; a lease only
        // runs out after three missed beats.
        this.renew().catch(() => undefined)
      },
      Math.max(1_000, Math.floor(this.leaseMs / 3))
    )
    this.timer.unref?.()
  }
}
