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

/** The module's generated methods the queue needs (a hold creates a missing row). */
export type AutoFulfillmentRows = {
  exists(orderId: string): Promise<boolean>
  create(
    fields: Record<string, unknown> & { order_id: string; status: string }
  ): Promise<{ id: string } | undefined>
}

/** Queue moves outside an attempt, each one statement that leaves a row a live process runs alone. */
export class AutoFulfillmentQueue {
  constructor(
    private readonly knex: () => Knex,
    private readonly maxAttempts: () => number,
    private readonly rows: AutoFulfillmentRows
  ) {}

  /** Automatic fulfillment off; null when the order already has a row (redelivery, or an admin got there first). */
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
   * Compare-and-set, so a hold never lands mid-purchase; creates the row if missing.
   * Returns the previous status, or null when it cannot be held now.
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

  /** False when the order was not held. */
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
   * Puts off a due row without spending an attempt. No `at`: the service is away (`waiting`).
   * With `at`: Medusa would fail the fulfillment (exchange, claim, edit, return in progress), so `pending` until `at`.
   * Running, held or exhausted rows are left alone. True when the order now waits.
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
   * A running row is left to its live process (its purchase fails on the canceled order); a stopped one is
   * settled here, so its labels become orphans. Returns the settled rows for compensation.
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

  /** Oldest first. */
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
