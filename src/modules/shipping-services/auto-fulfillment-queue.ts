import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { entityId } from "../../lib/entity-id"

/** An auto-fulfillment row as it was before a canceled order settled it. */
export type SettledAutoFulfillment = {
  id: string
  status: string
  next_attempt_at: Date | null
  held_at: Date | null
  last_error: Record<string, unknown> | null
}

/** What the queue needs of the module's generated methods (a hold creates a missing row). */
export type AutoFulfillmentRows = {
  exists(orderId: string): Promise<boolean>
  create(
    fields: Record<string, unknown> & { order_id: string; status: string }
  ): Promise<{ id: string } | undefined>
}

/**
 * Where an order stands in the automatic fulfillment's queue outside an attempt: held, released,
 * put off while the service is away or for a reason of Medusa's, settled when canceled,
 * waiting for an admin. Each is one statement that leaves a row a live process runs alone.
 */
export class AutoFulfillmentQueue {
  constructor(
    private readonly knex: () => Knex,
    private readonly maxAttempts: () => number,
    private readonly rows: AutoFulfillmentRows
  ) {}

  /**
   * Records a placed order as waiting for an admin (automatic fulfillment off). Null when the order
   * has a row already (a redelivered `order.placed`, or an admin got to it first).
   */
  async recordManual(
    orderId: string,
    facts: Record<string, unknown>
  ): Promise<{ id: string } | null> {
    const created = await this.rows
      .create({ order_id: orderId, status: "manual", attempts: 0, ...facts })
      .catch(() => undefined)
    return created ? { id: created.id } : null
  }

  /** Compensation of recordManual: the row goes unless something moved it on. */
  async removeManual(id: string): Promise<void> {
    const knex = this.knex()
    await knex.raw(
      `delete from shipping_services_auto_fulfillment where id = ? and status = 'manual' and attempts = 0`,
      [id]
    )
  }

  /**
   * Puts an order aside (Ready to ship's "Hold"): its row becomes `held` unless a live process is
   * buying its labels (a compare-and-set, so a hold never lands in the middle of a purchase).
   * The row is created when the order has none yet. Returns the status it had, or null when
   * it could not be held now.
   */
  async hold(
    orderId: string,
    facts: Record<string, unknown>
  ): Promise<{ previous: string } | null> {
    const knex = this.knex()
    const { rows } = await knex.raw(
      `update shipping_services_auto_fulfillment a
         set status = 'held', held_at = now(), next_attempt_at = null, updated_at = now()
        from (select id, status as previous from shipping_services_auto_fulfillment where order_id = ? and deleted_at is null) b
       where a.id = b.id and (a.status <> 'running' or a.lease_until is null or a.lease_until < now())
       returning a.id, b.previous`,
      [orderId]
    )
    if (rows.length) return { previous: rows[0].previous }
    if (await this.rows.exists(orderId)) return null
    const created = await this.rows
      .create({
        order_id: orderId,
        status: "held",
        attempts: 0,
        held_at: new Date(),
        ...facts,
      })
      .catch(() => undefined)
    return created ? { previous: "none" } : null
  }

  /** Ends a hold: back to `status` (and due at `nextAttemptAt`). False when the order was not held. */
  async release(
    orderId: string,
    status: "pending" | "manual" | "failed" | "skipped",
    nextAttemptAt: Date | null
  ): Promise<boolean> {
    const knex = this.knex()
    const { rows } = await knex.raw(
      `update shipping_services_auto_fulfillment
         set status = ?, held_at = null, next_attempt_at = ?, updated_at = now()
       where order_id = ? and status = 'held' and deleted_at is null
       returning id`,
      [status, nextAttemptAt, orderId]
    )
    return rows.length > 0
  }

  /**
   * An order the automatic path would buy now puts it off, spending no attempt; its row is made
   * when it has none. Without `at`, the service is not answering: the order waits for it
   * (`waiting`) with these words. With `at`, a reason of Medusa's (an exchange, claim, edit or
   * return being made: Medusa fails the fulfillment then, after the label was bought): `pending`,
   * due again at `at`, a succeeded row reopened too. A row that is due (pending, waiting, or failed
   * with attempts left) is moved; one running, held, or out of attempts is left as it is. True
   * when the order now waits.
   */
  async postpone(
    orderId: string,
    facts: {
      option_id: string | null
      lane: string | null
      display_id: number | null
      placed_at: Date | null
    },
    lastError: Record<string, unknown>,
    at?: Date
  ): Promise<boolean> {
    const knex = this.knex()
    const { rows } = await knex.raw(
      `insert into shipping_services_auto_fulfillment
         (id, order_id, status, attempts, option_id, lane, display_id, placed_at, next_attempt_at, last_error, created_at, updated_at)
       values (?, ?, ?, 0, ?, ?, ?, ?, ?, ?::jsonb, now(), now())
       on conflict (order_id) where deleted_at is null do update
         set status = excluded.status, next_attempt_at = excluded.next_attempt_at,
             last_error = excluded.last_error, updated_at = now()
         where (shipping_services_auto_fulfillment.status in ('pending', 'failed', 'waiting')
                or (shipping_services_auto_fulfillment.status = 'succeeded' and excluded.status = 'pending'))
           and (shipping_services_auto_fulfillment.status <> 'failed'
                or shipping_services_auto_fulfillment.attempts < ?)
       returning id`,
      [
        entityId("ssaf"),
        orderId,
        at ? "pending" : "waiting",
        facts.option_id,
        facts.lane,
        facts.display_id,
        facts.placed_at,
        at ?? null,
        JSON.stringify(lastError),
        this.maxAttempts(),
      ]
    )
    return rows.length > 0
  }

  /**
   * A canceled order's row stops waiting: nothing buys it any more and Ready to ship drops it.
   * A row that is running is left to its live process (its purchase fails on the canceled order);
   * one whose process stopped (lease run out) is settled here, so its bought labels become orphans.
   * Returns the rows settled as they were, for the settle-canceled-order workflow's compensation.
   */
  async settleCanceledOrder(
    orderId: string
  ): Promise<SettledAutoFulfillment[]> {
    const knex = this.knex()
    const { rows } = await knex.raw(
      `update shipping_services_auto_fulfillment a
         set status = 'skipped', next_attempt_at = null, held_at = null,
             last_error = '{"message":"the order is canceled"}'::jsonb, updated_at = now()
        from (select id, status, next_attempt_at, held_at, last_error
                from shipping_services_auto_fulfillment
               where order_id = ? and deleted_at is null) b
       where a.id = b.id
         and (a.status in ('manual', 'held', 'failed', 'pending')
              -- a purchase its process left behind (lease run out): nothing will finish it now
              or (a.status = 'running' and (a.lease_until is null or a.lease_until < now())))
       returning b.id, b.status, b.next_attempt_at, b.held_at, b.last_error`,
      [orderId]
    )
    return rows as SettledAutoFulfillment[]
  }

  /** Compensation of settleCanceledOrder: the rows it settled as they were, if still settled. */
  async restoreSettled(previous: SettledAutoFulfillment[]): Promise<void> {
    const knex = this.knex()
    for (const row of previous) {
      await knex.raw(
        `update shipping_services_auto_fulfillment
            set status = ?, next_attempt_at = ?, held_at = ?, last_error = ?::jsonb, updated_at = now()
          where id = ? and status = 'skipped' and deleted_at is null`,
        [
          row.status,
          row.next_attempt_at,
          row.held_at,
          row.last_error == null ? null : JSON.stringify(row.last_error),
          row.id,
        ]
      )
    }
  }

  /** Orders waiting for the service to answer again, oldest first (the probe resumes them). */
  async listWaitingForService(take: number): Promise<{ order_id: string }[]> {
    const knex = this.knex()
    const { rows } = await knex.raw(
      `select order_id from shipping_services_auto_fulfillment
        where status = 'waiting' and deleted_at is null
        order by placed_at asc nulls last, created_at asc
        limit ?`,
      [take]
    )
    return rows as { order_id: string }[]
  }

  /** How many orders wait for the service (Health, the outage's alerts). */
  async countWaitingForService(): Promise<number> {
    const knex = this.knex()
    const { rows } = await knex.raw(
      `select count(*)::int as n from shipping_services_auto_fulfillment
        where status = 'waiting' and deleted_at is null`,
      []
    )
    return Number(rows[0]?.n ?? 0)
  }
}
