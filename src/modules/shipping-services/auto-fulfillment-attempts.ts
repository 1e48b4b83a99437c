import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { entityId } from "../../lib/entity-id"
import type { Leases } from "./leases"

/**
 * An automatic fulfillment's attempts (shipping_services_auto_fulfillment): taking one under this
 * process's lease, ending it, giving it back, and the words of its error. Each is one statement
 * (a compare-and-set where two processes may race), so an attempt holds a lease while the label
 * is bought, never a lock or a connection.
 */
export class AutoFulfillmentAttempts {
  constructor(
    private readonly knex: () => Knex,
    private readonly leases: Leases
  ) {}

  /**
   * Takes an automatic fulfillment for one more attempt, if nobody changed it since it was read
   * (a compare-and-set on status and attempts) and, when it says "running", only if the lease of
   * the process that ran it ran out (that process stopped). Of two processes (the retry job and an
   * admin's retry, say) exactly one gets it, and holds its lease while the label is bought,
   * without holding a lock or a connection. `maxBefore` (an admin's "try again" once the automatic
   * attempts are used up) counts the attempt as at most one past it.
   */
  async claim(
    id: string,
    seen: { status: string; attempts: number },
    maxBefore: number | null = null
  ): Promise<boolean> {
    const knex = this.knex()
    const { rows } = await knex.raw(
      `update shipping_services_auto_fulfillment
         set status = 'running', attempts = least(attempts, coalesce(?::int, attempts)) + 1,
             next_attempt_at = null, last_error = null,
             lease_owner = ?, lease_until = now() + (? * interval '1 millisecond'), updated_at = now()
       where id = ? and status = ? and attempts = ? and deleted_at is null
         and (status <> 'running' or lease_until is null or lease_until < now())
       returning id`,
      [
        maxBefore,
        this.leases.owner,
        this.leases.leaseMs,
        id,
        seen.status,
        seen.attempts,
      ]
    )
    if (rows.length !== 1) return false
    this.leases.track("shipping_services_auto_fulfillment", id)
    return true
  }

  /**
   * The first attempt at an order's automatic fulfillment: its row, created `running` with this
   * process's lease, or undefined when the order has a row already (a redelivered event, another
   * process, an admin). One INSERT … ON CONFLICT DO NOTHING: the ORM's create took a transaction
   * of its own, and a duplicate came back as an error to catch.
   */
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

  /**
   * Ends an automatic fulfillment attempt and frees its lease in one statement. (The generated
   * update reads the row first in a transaction of its own: four statements and an ORM
   * changeset per order of a burst, measured in bench:auto-fulfill.)
   */
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
   * Gives a failed attempt back (the fulfill-order workflow's compensation): `failed`, due again at
   * `next_attempt_at`, lease cleared — only while this process's attempt still holds the row
   * (same owner, same attempt), so a lease another worker took over is never freed. When the
   * words noted on the attempt say the service was not answering (`away`), the attempt is not
   * counted: the row waits for the service (`waiting`), and the probe resumes it.
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

  /**
   * The words of the error that is failing this process's running attempt, written before the
   * workflow's compensation turns it to `failed` (which keeps them). Only on that attempt.
   */
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

  /**
   * Words for a failed attempt that has none yet: an error the workflow raised outside Medusa's
   * createOrderFulfillmentWorkflow (whose errors are noted before the compensation). Words
   * already there are kept.
   */
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
