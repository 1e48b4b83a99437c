import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { entityId } from "../../lib/entity-id"
import type { Leases } from "./leases"

/** The order's row as a claim compares it; `version` is its updated_at to the microsecond (a Date keeps milliseconds). */
export type SeenAttempt = {
  id: string
  status: string
  attempts: number
  version: string
}

/** Attempt writes, each one statement (compare-and-set where processes race): a lease, never a lock or connection. */
export class AutoFulfillmentAttempts {
  constructor(
    private readonly knex: () => Knex,
    private readonly leases: Leases
  ) {}

  /** One statement; null when the order has no row. */
  async seen(orderId: string): Promise<SeenAttempt | null> {
    const { rows } = await this.knex().raw(
      `select id, status, attempts, updated_at::text as version
         from shipping_services_auto_fulfillment
        where order_id = ? and deleted_at is null`,
      [orderId]
    )
    return (rows[0] as SeenAttempt | undefined) ?? null
  }

  /**
   * Takes the row for one more attempt if unchanged since read (its version: status and attempts repeat round after round) (and, when "running", only once its lease ran out):
   * exactly one racer wins. `maxBefore` lets an admin's retry go one attempt past the automatic limit.
   */
  async claim(
    id: string,
    seen: { status: string; attempts: number; version?: string },
    maxBefore: number | null = null
  ): Promise<boolean> {
    const knex = this.knex()
    const { rows } = await knex.raw(
      `update shipping_services_auto_fulfillment
         set status = 'running', attempts = least(attempts, coalesce(?::int, attempts)) + 1,
             -- a succeeded row's mark is a change this round's plan may predate: the job looks again
             next_attempt_at = case when status = 'succeeded' then next_attempt_at end, last_error = null,
             lease_owner = ?, lease_until = now() + (? * interval '1 millisecond'), updated_at = now()
       where id = ? and status = ? and attempts = ? and deleted_at is null
         and (?::text is null or updated_at::text = ?)
         and (status <> 'running' or lease_until is null or lease_until < now())
       returning id`,
      [
        maxBefore,
        this.leases.owner,
        this.leases.leaseMs,
        id,
        seen.status,
        seen.attempts,
        seen.version ?? null,
        seen.version ?? null,
      ]
    )
    if (rows.length !== 1) return false
    this.leases.track("shipping_services_auto_fulfillment", id)
    return true
  }

  /** Creates the first attempt `running` under our lease; undefined when the order already has a row. */
  async start(fields: {
    order_id: string
    option_id: string | null
    lane: string | null
    display_id: number | null
    placed_at: Date | null
  }): Promise<{ id: string } | undefined> {
    const knex = this.knex()
    const { rows } = await knex.raw(
      `insert into shipping_services_auto_fulfillment
         (id, order_id, status, attempts, lease_owner, lease_until, option_id, lane, display_id, placed_at, created_at, updated_at)
       values (?, ?, 'running', 1, ?, now() + (? * interval '1 millisecond'), ?, ?, ?, ?, now(), now())
       on conflict (order_id) where deleted_at is null do nothing
       returning id`,
      [
        entityId("ssaf"),
        fields.order_id,
        this.leases.owner,
        this.leases.leaseMs,
        fields.option_id,
        fields.lane,
        fields.display_id,
        fields.placed_at,
      ]
    )
    if (!rows.length) return undefined
    this.leases.track("shipping_services_auto_fulfillment", rows[0].id)
    return { id: rows[0].id as string }
  }

  /** One statement: the generated update cost four statements per order in bench:auto-fulfill. */
  async finish(
    id: string,
    fields: {
      status: "succeeded" | "failed" | "skipped"
      last_error?: Record<string, unknown> | null
      next_attempt_at?: Date | null
      held_at?: Date | null
      fulfillment_ids?: { ids: string[] } | null
    }
  ): Promise<void> {
    // Column names come from this list only; values are bound.
    const set: [column: string, value: string | Date | null, cast?: "jsonb"][] =
      [
        ["status", fields.status],
        ["lease_owner", null],
        ["lease_until", null],
      ]
    if ("last_error" in fields)
      set.push([
        "last_error",
        fields.last_error == null ? null : JSON.stringify(fields.last_error),
        "jsonb",
      ])
    if ("fulfillment_ids" in fields)
      set.push([
        "fulfillment_ids",
        fields.fulfillment_ids == null
          ? null
          : JSON.stringify(fields.fulfillment_ids),
        "jsonb",
      ])
    if ("next_attempt_at" in fields)
      set.push(["next_attempt_at", fields.next_attempt_at ?? null])
    if ("held_at" in fields) set.push(["held_at", fields.held_at ?? null])
    const knex = this.knex()
    await knex.raw(
      `update shipping_services_auto_fulfillment set ${set.map(([c, , cast]) => `${c} = ?${cast ? `::${cast}` : ""}`).join(", ")}, updated_at = now() where id = ?`,
      [...set.map(([, v]) => v), id]
    )
  }

  /**
   * A change came while a round ran (its plan may predate it): the retry job plans it once the round succeeded.
   * The database's clock, to the millisecond a Date keeps, so a mark made after the job's read is later than it.
   */
  async markChangeDue(orderId: string): Promise<boolean> {
    const { rows } = await this.knex().raw(
      `update shipping_services_auto_fulfillment
          set next_attempt_at = date_trunc('milliseconds', clock_timestamp())
        where order_id = ? and status in ('running', 'succeeded') and deleted_at is null
        returning id`,
      [orderId]
    )
    return rows.length > 0
  }

  /** After the retry job took the change up: compare-and-set, so a mark made since stays. */
  async clearChangeDue(id: string, seenAt: Date): Promise<void> {
    await this.knex().raw(
      `update shipping_services_auto_fulfillment set next_attempt_at = null
        where id = ? and status = 'succeeded' and next_attempt_at <= ?::timestamptz`,
      [id, seenAt]
    )
  }

  /**
   * The workflow's compensation: only while our attempt still holds the row, so a taken-over lease is never freed.
   * An `away` error is not counted: the row waits for the service and the probe resumes it.
   */
  async release(
    id: string,
    attempt: { attempts: number; next_attempt_at: Date | null }
  ): Promise<boolean> {
    const knex = this.knex()
    const away = `coalesce((last_error->>'away')::boolean, false)`
    const { rows } = await knex.raw(
      `update shipping_services_auto_fulfillment
         set status = case when ${away} then 'waiting' else 'failed' end,
             attempts = case when ${away} then greatest(attempts - 1, 0) else attempts end,
             next_attempt_at = case when ${away} then null else ?::timestamptz end,
             lease_owner = null, lease_until = null, updated_at = now()
       where id = ? and status = 'running' and attempts = ? and lease_owner = ?
         and deleted_at is null
       returning id`,
      [attempt.next_attempt_at, id, attempt.attempts, this.leases.owner]
    )
    return rows.length > 0
  }

  /** Written before the compensation turns the attempt `failed` (which keeps them). */
  async noteError(
    id: string,
    attempt: { attempts: number; last_error: Record<string, unknown> }
  ): Promise<boolean> {
    const knex = this.knex()
    const { rows } = await knex.raw(
      `update shipping_services_auto_fulfillment
         set last_error = ?::jsonb, updated_at = now()
       where id = ? and status = 'running' and attempts = ? and lease_owner = ?
         and deleted_at is null
       returning id`,
      [
        JSON.stringify(attempt.last_error),
        id,
        attempt.attempts,
        this.leases.owner,
      ]
    )
    return rows.length > 0
  }

  /** For errors raised outside createOrderFulfillmentWorkflow (whose errors are noted earlier); keeps existing words. */
  async recordError(
    orderId: string,
    lastError: Record<string, unknown>
  ): Promise<{
    id: string
    status: "failed" | "waiting"
    attempts: number
    next_attempt_at: Date | null
  } | null> {
    const knex = this.knex()
    const { rows } = await knex.raw(
      `update shipping_services_auto_fulfillment
         set last_error = coalesce(last_error, ?::jsonb), updated_at = now()
       where order_id = ? and status in ('failed', 'waiting') and deleted_at is null
       returning id, status, attempts, next_attempt_at`,
      [JSON.stringify(lastError), orderId]
    )
    return rows[0] ?? null
  }
}
