import {
  ContainerRegistrationKeys,
  MedusaService,
} from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import { parsePluginOptions, type PluginOptions } from "../../options"
import {
  TrackingEventWriter,
  type TrackingEventRow,
  type WriterKnex,
} from "./event-writer"
import { runningInFlight, whenIdle } from "../../lib/in-flight"
import { runShutdown, runStartUp } from "../../lib/start-up"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { entityId } from "../../lib/entity-id"
import { Leases, type LeaseKnex } from "./leases"
import { ServiceAvailability, type AvailabilityKnex } from "./availability"
import { JOB_RUN_SETTING_PREFIX, type JobRunRecord } from "../../lib/jobs"
import type { HealthInput } from "../../lib/views/health-view"
import {
  bytesOf,
  DocumentStore,
  type DocumentMeta,
  type DocumentSource,
  type MoveReport,
  type NewDocument,
} from "./documents"
import { DocumentRetention } from "./retention"
import { checkFileStorage } from "../../options/file-storage"
import type { DocumentStorage } from "../../options/schema"
import {
  AutoFulfillment,
  Batch,
  BatchItem,
  Document,
  Setting,
  Shipment,
  TrackingEvent,
  WebhookRegistration,
  type ShipmentRecord,
} from "./models"

type DmlProperty = { parse(field: string): { dataType?: { name?: string } } }

/** The shipment's columns a raw update may set, and which hold JSON (from the data model). */
const SHIPMENT_COLUMNS = new Map<string, "json" | "value">(
  Object.entries(
    (Shipment as unknown as { schema: Record<string, DmlProperty> }).schema
  )
    .filter(([column]) => !["id", "created_at", "updated_at"].includes(column))
    .map(([column, property]) => [
      column,
      property.parse(column).dataType?.name === "json" ? "json" : "value",
    ])
)

/** The fields of a batch item that its run sets (setBatchItem), and which hold JSON. */
const BATCH_ITEM_FIELDS = new Map<string, "json" | "value">([
  ["status", "value"],
  ["attempts", "value"],
  ["error", "json"],
  ["fulfillment_ids", "json"],
  ["shipment_ids", "json"],
])

/** A column of a raw shipment write: checked against the model, JSON bound as JSON. */
function shipmentColumn(
  column: string,
  value: unknown
): { column: string; placeholder: string; value: Knex.Value } {
  const kind = SHIPMENT_COLUMNS.get(column)
  if (!kind)
    throw new Error(`shipping_services_shipment has no column ${column}`)
  return kind === "json"
    ? {
        column,
        placeholder: "?::jsonb",
        value: value == null ? null : JSON.stringify(value),
      }
    : { column, placeholder: "?", value: (value ?? null) as Knex.Value }
}

/** An auto-fulfilment row as it was before a canceled order settled it. */
export type SettledAutoFulfillment = {
  id: string
  status: string
  next_attempt_at: Date | null
  held_at: Date | null
  last_error: Record<string, unknown> | null
}

export type { NewDocument, DocumentSource, MoveReport }

/** The setting counting refused return creations (src/lib/returns/refusal.ts). */
export const RETURN_REFUSALS_SETTING = "returns.refused"

/**
 * What the Health section is computed from that the module reads in one go (healthFigures): the
 * view's input (src/lib/views/health-view.ts) less the figures read on their own.
 */
export type HealthFigures = Omit<
  HealthInput,
  "half_made" | "shipments_waiting" | "service"
>

/** How long a rotated-out webhook key still authenticates (deliveries in flight, other instances). */
export const PREVIOUS_KEY_GRACE_MS = 24 * 60 * 60 * 1000
const KEY_CACHE_MS = 5_000
/** How long a shutdown waits for background work (Medusa's test runner gives a shutdown 5 s). */
const SHUTDOWN_GRACE_MS = 4_000

/** What applying a timeline writes on the shipment (src/orchestration/apply-tracking.ts). */
export type ShipmentTrackingFields = {
  tracking_status: string | null
  tracking_status_at: Date | null
  last_event_at: Date | null
  shipped_applied_at?: Date
  delivered_applied_at?: Date
  /** null once delivered (nothing more to poll); a date only when a compensation puts it back. */
  next_poll_at?: Date | null
}

type InjectedDependencies = {
  logger: Logger
  [ContainerRegistrationKeys.PG_CONNECTION]: unknown
  [ContainerRegistrationKeys.CONFIG_MODULE]?: { modules?: unknown }
}

export default class ShippingServicesModuleService extends MedusaService({
  Shipment,
  TrackingEvent,
  WebhookRegistration,
  AutoFulfillment,
  Setting,
  Document,
  Batch,
  BatchItem,
}) {
  protected readonly options_: PluginOptions
  protected readonly eventWriter_: TrackingEventWriter
  protected readonly leases_: Leases
  protected readonly availability_: ServiceAvailability
  protected readonly pg_: () => Knex
  protected readonly documents_: DocumentStore
  protected readonly retention_: DocumentRetention
  protected readonly keyCache_ = new Map<
    string,
    { value: { headerName: string; keys: string[] }; until: number }
  >()
  /** Read by Medusa (MedusaModule.onApplicationStart) once every module is loaded. */
  readonly __hooks: {
    onApplicationStart?: () => Promise<void>
    onApplicationPrepareShutdown?: () => Promise<void>
  }

  constructor(container: InjectedDependencies, options: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    // Validated already by the module loader at boot; parsing again yields the defaults.
    this.options_ = parsePluginOptions(options)
    this.pg_ = () => container[ContainerRegistrationKeys.PG_CONNECTION] as Knex
    this.eventWriter_ = new TrackingEventWriter(
      () => this.pg_() as unknown as WriterKnex
    )
    this.documents_ = new DocumentStore(this.pg_, () => {
      // How admins download files of the File Module: presigned URLs, or through the admin route
      // for file-local (which has none); the boot check refused a provider that serves them publicly.
      let modules: unknown
      try {
        modules = container[ContainerRegistrationKeys.CONFIG_MODULE]?.modules
      } catch {
        modules = undefined
      }
      const check = checkFileStorage(modules, process.cwd())
      return check.ok ? check.delivery : "presigned"
    })
    this.retention_ = new DocumentRetention(this.pg_, this.documents_)
    this.availability_ = new ServiceAvailability(
      () => this.pg_() as unknown as AvailabilityKnex
    )
    this.leases_ = new Leases(
      () => this.pg_() as unknown as LeaseKnex,
      this.options_.recovery.leaseSeconds * 1000
    )
    // Start-up work of the plugin (webhook registration, boot recovery, warnings), registered by
    // the glue above this module: src/lib/start-up.ts.
    this.__hooks = {
      onApplicationStart: async () => {
        await runStartUp(this, container.logger)
      },
      // Before Medusa closes the database pool: let background work (a label being bought, a
      // timeline being applied) finish its writes rather than stop between them. Bounded, as
      // orchestrators kill a process that does not stop soon after SIGTERM.
      onApplicationPrepareShutdown: async () => {
        this.leases_.stop()
        runShutdown()
        if (!(await whenIdle({ timeoutMs: SHUTDOWN_GRACE_MS, quietMs: 100 }))) {
          container.logger.warn(
            `shipping-services: stopping with ${runningInFlight()} background job(s) still running; jobs and retries finish their work after the restart`
          )
        }
      },
    }
  }

  /**
   * The header and keys a webhook delivery of this type must carry: the current key and, for a
   * day after a rotation, the previous one. Cached briefly: the receive route runs this on every
   * delivery and must stay lean; a rotation reaches other instances within the cache's life,
   * well inside the grace period.
   */
  async acceptedWebhookKeys(
    type: "tracking" | "locker"
  ): Promise<{ headerName: string; keys: string[] }> {
    const cached = this.cachedWebhookKeys(type)
    if (cached) return cached
    const [registration] = await this.listWebhookRegistrations({ type })
    const keys: string[] = []
    if (registration?.api_key) keys.push(registration.api_key)
    const rotatedAt = registration?.key_rotated_at
      ? new Date(registration.key_rotated_at).getTime()
      : 0
    if (
      registration?.previous_api_key &&
      Date.now() - rotatedAt < PREVIOUS_KEY_GRACE_MS
    )
      keys.push(registration.previous_api_key)
    const value = {
      headerName: registration?.header_name ?? this.options_.webhook.headerName,
      keys,
    }
    this.keyCache_.set(type, { value, until: Date.now() + KEY_CACHE_MS })
    return value
  }

  /**
   * acceptedWebhookKeys' answer while it is cached, else null: the receive route takes it without
   * a promise or a deadline timer (it bounds only the read of the row).
   */
  cachedWebhookKeys(
    type: "tracking" | "locker"
  ): { headerName: string; keys: string[] } | null {
    const cached = this.keyCache_.get(type)
    return cached && cached.until > Date.now() ? cached.value : null
  }

  /** Drops cached webhook keys (after a registration or a rotation in this process). */
  forgetWebhookKeys(): void {
    this.keyCache_.clear()
  }

  /**
   * Stores notifications or polled scans; a row whose dedupe key exists already is skipped.
   * Returns the new event id per row, or null for a duplicate.
   */
  writeTrackingEvents(rows: TrackingEventRow[]): Promise<(string | null)[]> {
    return this.eventWriter_.write(rows)
  }

  /**
   * Takes an automatic fulfilment for one more attempt, if nobody changed it since it was read
   * (a compare-and-set on status and attempts) and, when it says "running", only if the lease of
   * the process that ran it ran out (that process stopped). Of two processes (the retry job and an
   * admin's retry, say) exactly one gets it, and holds its lease while the label is bought,
   * without holding a lock or a connection. `maxBefore` (an admin's "try again" once the automatic
   * attempts are used up) counts the attempt as at most one past it.
   */
  async claimAutoFulfillmentAttempt(
    id: string,
    seen: { status: string; attempts: number },
    maxBefore: number | null = null
  ): Promise<boolean> {
    const knex = this.pg_()
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
        this.leases_.owner,
        this.leases_.leaseMs,
        id,
        seen.status,
        seen.attempts,
      ]
    )
    if (rows.length !== 1) return false
    this.leases_.track("shipping_services_auto_fulfillment", id)
    return true
  }

  /**
   * Ends an automatic fulfilment attempt and frees its lease in one statement. (The generated
   * update reads the row first in a transaction of its own: four statements and an ORM
   * changeset per order of a burst, measured in bench:auto-fulfill.)
   */
  async finishAutoFulfillment(
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
    const knex = this.pg_()
    await knex.raw(
      `update shipping_services_auto_fulfillment set ${set.map(([c, , cast]) => `${c} = ?${cast ? `::${cast}` : ""}`).join(", ")}, updated_at = now() where id = ?`,
      [...set.map(([, v]) => v), id]
    )
  }

  /** Marks labels as held by a finished fulfillment (crash recovery leaves them alone), in one statement. */
  async markShipmentsAttached(ids: string[]): Promise<void> {
    if (!ids.length) return
    const knex = this.pg_()
    await knex.raw(
      `update shipping_services_shipment set attached_at = now(), updated_at = now() where id = any(?) and attached_at is null and deleted_at is null`,
      [ids]
    )
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
    const knex = this.pg_()
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
  async restoreSettledAutoFulfillments(
    previous: SettledAutoFulfillment[]
  ): Promise<void> {
    const knex = this.pg_()
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

  /**
   * The first attempt at an order's automatic fulfilment: its row, created `running` with this
   * process's lease, or undefined when the order has a row already (a redelivered event, another
   * process, an admin). One INSERT … ON CONFLICT DO NOTHING: the ORM's create took a transaction
   * of its own, and a duplicate came back as an error to catch.
   */
  async startAutoFulfillment(fields: {
    order_id: string
    option_id: string | null
    lane: string | null
    display_id: number | null
    placed_at: Date | null
  }): Promise<{ id: string } | undefined> {
    const knex = this.pg_()
    const { rows } = await knex.raw(
      `insert into shipping_services_auto_fulfillment
         (id, order_id, status, attempts, lease_owner, lease_until, option_id, lane, display_id, placed_at, created_at, updated_at)
       values (?, ?, 'running', 1, ?, now() + (? * interval '1 millisecond'), ?, ?, ?, ?, now(), now())
       on conflict (order_id) where deleted_at is null do nothing
       returning id`,
      [
        entityId("ssaf"),
        fields.order_id,
        this.leases_.owner,
        this.leases_.leaseMs,
        fields.option_id,
        fields.lane,
        fields.display_id,
        fields.placed_at,
      ]
    )
    if (!rows.length) return undefined
    this.leases_.track("shipping_services_auto_fulfillment", rows[0].id)
    return { id: rows[0].id as string }
  }

  /**
   * Records a placed order as waiting for an admin (automatic fulfilment off). Null when the order
   * has a row already (a redelivered `order.placed`, or an admin got to it first).
   */
  async recordManualAutoFulfillment(
    orderId: string,
    facts: Record<string, unknown>
  ): Promise<{ id: string } | null> {
    const created = await this.createAutoFulfillments({
      order_id: orderId,
      status: "manual",
      attempts: 0,
      ...facts,
    } as { order_id: string; status: "manual"; attempts: number }).catch(
      () => undefined
    )
    return created ? { id: created.id } : null
  }

  /** Compensation of recordManualAutoFulfillment: the row goes unless something moved it on. */
  async removeManualAutoFulfillment(id: string): Promise<void> {
    const knex = this.pg_()
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
  async holdAutoFulfillment(
    orderId: string,
    facts: Record<string, unknown>
  ): Promise<{ previous: string } | null> {
    const knex = this.pg_()
    const { rows } = await knex.raw(
      `update shipping_services_auto_fulfillment a
         set status = 'held', held_at = now(), next_attempt_at = null, updated_at = now()
        from (select id, status as previous from shipping_services_auto_fulfillment where order_id = ? and deleted_at is null) b
       where a.id = b.id and (a.status <> 'running' or a.lease_until is null or a.lease_until < now())
       returning a.id, b.previous`,
      [orderId]
    )
    if (rows.length) return { previous: rows[0].previous }
    const [existing] = await this.listAutoFulfillments(
      { order_id: orderId },
      { select: ["id"] }
    )
    if (existing) return null
    const created = await this.createAutoFulfillments({
      order_id: orderId,
      status: "held",
      attempts: 0,
      held_at: new Date(),
      ...facts,
    } as { order_id: string; status: "held"; attempts: number }).catch(
      () => undefined
    )
    return created ? { previous: "none" } : null
  }

  /**
   * Gives a failed attempt back (the fulfil-order workflow's compensation): `failed`, due again at
   * `next_attempt_at`, lease cleared — only while this process's attempt still holds the row
   * (same owner, same attempt), so a lease another worker took over is never freed. When the
   * words noted on the attempt say the service was not answering (`away`), the attempt is not
   * counted: the row waits for the service (`waiting`), and the probe resumes it.
   */
  async releaseAutoFulfillmentAttempt(
    id: string,
    attempt: { attempts: number; next_attempt_at: Date | null }
  ): Promise<boolean> {
    const knex = this.pg_()
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
      [attempt.next_attempt_at, id, attempt.attempts, this.leases_.owner]
    )
    return rows.length > 0
  }

  /**
   * An order the automatic path would buy now, while the service is not answering: it waits for
   * the service (`waiting`) with these words, spending no attempt. Its row is made when it has
   * none; a row that is due (pending, or failed with attempts left) is moved. A row that is
   * running, held, done or out of attempts is left as it is. True when the order now waits.
   */
  async parkAutoFulfillment(
    orderId: string,
    facts: {
      option_id: string | null
      lane: string | null
      display_id: number | null
      placed_at: Date | null
    },
    lastError: Record<string, unknown>
  ): Promise<boolean> {
    const knex = this.pg_()
    const { rows } = await knex.raw(
      `insert into shipping_services_auto_fulfillment
         (id, order_id, status, attempts, option_id, lane, display_id, placed_at, last_error, created_at, updated_at)
       values (?, ?, 'waiting', 0, ?, ?, ?, ?, ?::jsonb, now(), now())
       on conflict (order_id) where deleted_at is null do update
         set status = 'waiting', next_attempt_at = null, last_error = excluded.last_error,
             updated_at = now()
         where shipping_services_auto_fulfillment.status in ('pending', 'failed', 'waiting')
           and (shipping_services_auto_fulfillment.status <> 'failed'
                or shipping_services_auto_fulfillment.attempts < ?)
       returning id`,
      [
        entityId("ssaf"),
        orderId,
        facts.option_id,
        facts.lane,
        facts.display_id,
        facts.placed_at,
        JSON.stringify(lastError),
        this.options_.autoFulfill.maxAttempts,
      ]
    )
    return rows.length > 0
  }

  /**
   * An order the automatic path cannot fulfil right now for a reason of Medusa's (an exchange,
   * claim, edit or return being made: Medusa fails the fulfilment then, after the label was
   * bought): `pending`, due again at `at`, no attempt spent. A running row is left to its process.
   */
  async deferAutoFulfillment(
    orderId: string,
    facts: {
      option_id: string | null
      lane: string | null
      display_id: number | null
      placed_at: Date | null
    },
    at: Date,
    lastError: Record<string, unknown>
  ): Promise<boolean> {
    const knex = this.pg_()
    const { rows } = await knex.raw(
      `insert into shipping_services_auto_fulfillment
         (id, order_id, status, attempts, option_id, lane, display_id, placed_at, next_attempt_at, last_error, created_at, updated_at)
       values (?, ?, 'pending', 0, ?, ?, ?, ?, ?, ?::jsonb, now(), now())
       on conflict (order_id) where deleted_at is null do update
         set status = 'pending', next_attempt_at = excluded.next_attempt_at,
             last_error = excluded.last_error, updated_at = now()
         where shipping_services_auto_fulfillment.status in ('pending', 'failed', 'waiting', 'succeeded')
           and (shipping_services_auto_fulfillment.status <> 'failed'
                or shipping_services_auto_fulfillment.attempts < ?)
       returning id`,
      [
        entityId("ssaf"),
        orderId,
        facts.option_id,
        facts.lane,
        facts.display_id,
        facts.placed_at,
        at,
        JSON.stringify(lastError),
        this.options_.autoFulfill.maxAttempts,
      ]
    )
    return rows.length > 0
  }

  /** Orders waiting for the service to answer again, oldest first (the probe resumes them). */
  async listWaitingForService(take: number): Promise<{ order_id: string }[]> {
    const knex = this.pg_()
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
    const knex = this.pg_()
    const { rows } = await knex.raw(
      `select count(*)::int as n from shipping_services_auto_fulfillment
        where status = 'waiting' and deleted_at is null`,
      []
    )
    return Number(rows[0]?.n ?? 0)
  }

  /**
   * The words of the error that is failing this process's running attempt, written before the
   * workflow's compensation turns it to `failed` (which keeps them). Only on that attempt.
   */
  async noteAutoFulfillmentError(
    id: string,
    attempt: { attempts: number; last_error: Record<string, unknown> }
  ): Promise<boolean> {
    const knex = this.pg_()
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
        this.leases_.owner,
      ]
    )
    return rows.length > 0
  }

  /**
   * Words for a failed attempt that has none yet: an error the workflow raised outside Medusa's
   * createOrderFulfillmentWorkflow (whose errors are noted before the compensation). Words
   * already there are kept.
   */
  async recordAutoFulfillmentError(
    orderId: string,
    lastError: Record<string, unknown>
  ): Promise<{
    id: string
    status: "failed" | "waiting"
    attempts: number
    next_attempt_at: Date | null
  } | null> {
    const knex = this.pg_()
    const { rows } = await knex.raw(
      `update shipping_services_auto_fulfillment
         set last_error = coalesce(last_error, ?::jsonb), updated_at = now()
       where order_id = ? and status in ('failed', 'waiting') and deleted_at is null
       returning id, status, attempts, next_attempt_at`,
      [JSON.stringify(lastError), orderId]
    )
    return rows[0] ?? null
  }

  /** Ends a hold: back to `status` (and due at `nextAttemptAt`). False when the order was not held. */
  async releaseAutoFulfillment(
    orderId: string,
    status: "pending" | "manual" | "failed" | "skipped",
    nextAttemptAt: Date | null
  ): Promise<boolean> {
    const knex = this.pg_()
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
   * Moves a print batch from one status to the next if it is still in `from` (a compare-and-set:
   * an admin's retry that put it back to buying meanwhile wins). Leaving `buying` also requires
   * that no item waits or runs any more.
   */
  async transitionBatch(
    id: string,
    from: "buying" | "printing",
    to: "buying" | "printing" | "done",
    finishedAt: Date | null = null
  ): Promise<boolean> {
    const knex = this.pg_()
    const { rows } = await knex.raw(
      `update shipping_services_batch b set status = ?, finished_at = ?, updated_at = now()
       where b.id = ? and b.status = ? and b.deleted_at is null
         and (? <> 'buying' or not exists (
           select 1 from shipping_services_batch_item i
            where i.batch_id = b.id and i.status in ('waiting', 'running') and i.deleted_at is null))
       returning b.id`,
      [to, finishedAt, id, from, from]
    )
    return rows.length > 0
  }

  /**
   * Marks labels as printed (their print file was downloaded); labels printed before keep their
   * date. Returns the ids it marked now.
   */
  async markPrinted(shipmentIds: string[], at = new Date()): Promise<string[]> {
    if (!shipmentIds.length) return []
    const knex = this.pg_()
    const { rows } = await knex.raw(
      `update shipping_services_shipment set printed_at = ?, updated_at = now()
       where id = any(?) and printed_at is null and deleted_at is null returning id`,
      [at, shipmentIds]
    )
    return (rows as { id: string }[]).map((r) => r.id)
  }

  /** Compensation of markPrinted: these labels are unprinted again (Ready to ship lists them). */
  async clearPrinted(shipmentIds: string[]): Promise<void> {
    if (!shipmentIds.length) return
    const knex = this.pg_()
    await knex.raw(
      `update shipping_services_shipment set printed_at = null, updated_at = now()
       where id = any(?) and deleted_at is null`,
      [shipmentIds]
    )
  }

  /** This process's leases on shipment and auto-fulfilment rows (crash recovery). */
  /** The service's availability as every process shares it (the outage breaker). */
  availability(): ServiceAvailability {
    return this.availability_
  }

  leases(): Leases {
    return this.leases_
  }

  /**
   * Sets fields of a print batch's item in one statement and returns what they were (a
   * workflow's compensation puts them back). The ORM's update read the row in a transaction of
   * its own first: with the read for the compensation, three statements per order of a batch.
   */
  async setBatchItem(
    id: string,
    fields: Partial<
      Record<
        "status" | "attempts" | "error" | "fulfillment_ids" | "shipment_ids",
        unknown
      >
    >
  ): Promise<Record<string, unknown> | null> {
    const set = Object.entries(fields).map(([column, value]) => {
      if (!BATCH_ITEM_FIELDS.has(column))
        throw new Error(
          `shipping_services_batch_item: ${column} is not settable`
        )
      return BATCH_ITEM_FIELDS.get(column) === "json"
        ? {
            sql: `${column} = ?::jsonb`,
            value: value == null ? null : JSON.stringify(value),
          }
        : { sql: `${column} = ?`, value: (value ?? null) as Knex.Value }
    })
    const columns = [...BATCH_ITEM_FIELDS.keys()]
    const knex = this.pg_()
    const { rows } = await knex.raw(
      `with old as (
         select id, ${columns.join(", ")} from shipping_services_batch_item
         where id = ? and deleted_at is null for update)
       update shipping_services_batch_item item
         set ${[...set.map((c) => c.sql), "updated_at = now()"].join(", ")}
       from old where item.id = old.id
       returning ${["id", ...columns].map((c) => `old.${c}`).join(", ")}`,
      [id, ...set.map((c) => c.value)]
    )
    return (rows[0] as Record<string, unknown> | undefined) ?? null
  }

  /**
   * Sets fields of a shipment in one statement and returns them as they were (a workflow's
   * compensation puts them back); null when the shipment is gone. The tracking apply path records
   * each transition so: the read for the compensation and the ORM's update (another read and the
   * update, in a transaction) were four statements per transition.
   */
  async swapShipmentFields(
    id: string,
    fields: Record<string, unknown>
  ): Promise<Record<string, unknown> | null> {
    const set = Object.entries(fields).map(([column, value]) =>
      shipmentColumn(column, value)
    )
    if (!set.length) return null
    const knex = this.pg_()
    const { rows } = await knex.raw(
      `with old as (
         select id, ${set.map((c) => c.column).join(", ")} from shipping_services_shipment
         where id = ? and deleted_at is null for update)
       update shipping_services_shipment shipment
         set ${[...set.map((c) => `${c.column} = ${c.placeholder}`), "updated_at = now()"].join(", ")}
       from old where shipment.id = old.id
       returning ${set.map((c) => `old.${c.column}`).join(", ")}`,
      [id, ...set.map((c) => c.value)]
    )
    return (rows[0] as Record<string, unknown> | undefined) ?? null
  }

  /**
   * Links stored tracking events to their shipment (null unlinks), in one statement: the ORM's
   * update read them first in a transaction of its own, on every tracking delivery.
   */
  async linkTrackingEvents(
    links: { id: string; shipment_id: string | null }[]
  ): Promise<void> {
    if (!links.length) return
    const knex = this.pg_()
    await knex.raw(
      `update shipping_services_tracking_event event
         set shipment_id = link.shipment_id, updated_at = now()
       from (values ${links.map(() => "(?, ?::text)").join(", ")}) as link(id, shipment_id)
       where event.id = link.id and event.deleted_at is null`,
      links.flatMap((l) => [l.id, l.shipment_id])
    )
  }

  /**
   * A new row of the label journal, in one INSERT (the ORM's create took a transaction of its
   * own, and its entity event became a job on the event bus for every label bought in a
   * cluster). The columns' defaults are the database's, as for the ORM.
   */
  async insertShipment(
    fields: Record<string, unknown>
  ): Promise<ShipmentRecord> {
    const columns = Object.entries(fields).map(([column, value]) =>
      shipmentColumn(column, value)
    )
    const knex = this.pg_()
    const { rows } = await knex.raw(
      `insert into shipping_services_shipment (id, ${columns.map((c) => c.column).join(", ")})
       values (?, ${columns.map((c) => c.placeholder).join(", ")}) returning *`,
      [entityId("ssship"), ...columns.map((c) => c.value)]
    )
    return rows[0] as ShipmentRecord
  }

  /**
   * The label journal's rows still standing for a parcel (`created` or `pending`, newest first),
   * or, when there are none, a new row inserted in the same statement: a label bought for the
   * first time (the usual case) costs one round trip instead of a read and an INSERT. Two
   * processes on the same parcel are kept apart by the automatic fulfilment's claim and the
   * leases, as they were with the read and the INSERT apart.
   */
  async insertShipmentUnlessRequested(
    requestKey: string,
    fields: Record<string, unknown>
  ): Promise<
    | { inserted: ShipmentRecord; previous?: undefined }
    | { inserted?: undefined; previous: ShipmentRecord[] }
  > {
    const columns = Object.entries({ ...fields, request_key: requestKey }).map(
      ([column, value]) => shipmentColumn(column, value)
    )
    const knex = this.pg_()
    const { rows } = await knex.raw(
      `with previous as (
         select * from shipping_services_shipment
         where request_key = ? and status in ('created', 'pending') and deleted_at is null),
       inserted as (
         insert into shipping_services_shipment (id, ${columns.map((c) => c.column).join(", ")})
         select ?, ${columns.map((c) => c.placeholder).join(", ")}
         where not exists (select 1 from previous)
         returning *)
       select false as inserted_now, * from previous
       union all
       select true, * from inserted`,
      [requestKey, entityId("ssship"), ...columns.map((c) => c.value)]
    )
    const records = (
      rows as (ShipmentRecord & { inserted_now?: boolean })[]
    ).map(({ inserted_now, ...row }) => ({ inserted_now, row }))
    const fresh = records.find((r) => r.inserted_now)
    if (fresh) return { inserted: fresh.row as ShipmentRecord }
    return {
      previous: records
        .map((r) => r.row as ShipmentRecord)
        .sort(
          (a, b) =>
            new Date(b.created_at).getTime() - new Date(a.created_at).getTime()
        ),
    }
  }

  /**
   * Stores files (label pages, manifests, print files) and updates a shipment at once: a label is
   * on its row and in its documents, or neither. One statement (the documents' INSERT in a WITH
   * of the shipment's UPDATE), atomic without a transaction of its own: the ORM's update read the
   * row first, five round trips per label bought (bench:auto-fulfill). The bytes go into the
   * database first whatever `documents.storage` says; the workflows that stored them move them
   * to the File Module afterwards (moveDocuments).
   */
  async storeDocuments(
    documents: NewDocument[],
    shipmentUpdate?: Record<string, unknown> & { id: string }
  ): Promise<ShipmentRecord | undefined> {
    const knex = this.pg_()
    const values: Knex.Value[] = []
    const tuples = documents.map((d) => {
      const bytes = bytesOf(d.content)
      values.push(
        entityId("ssdoc"),
        d.kind,
        d.owner_id,
        d.page ?? 0,
        d.version ?? 0,
        d.mime_type,
        d.format ?? null,
        bytes.length,
        bytes
      )
      return "(?, ?, ?, ?, ?, ?, ?, ?, 'database', ?)"
    })
    const insert = tuples.length
      ? `insert into shipping_services_document (id, kind, owner_id, page, version, mime_type, format, size, storage, content) values ${tuples.join(", ")}`
      : ""
    if (!shipmentUpdate) {
      if (insert) await knex.raw(insert, values)
      return undefined
    }
    const { id, ...fields } = shipmentUpdate
    const set = Object.entries({
      ...fields,
      // Stored again (a reprint, a late download): no longer removed by retention.
      ...(documents.some((d) => d.kind === "label")
        ? { documents_removed_at: null }
        : {}),
    }).map(([column, value]) => shipmentColumn(column, value))
    const { rows } = await knex.raw(
      `${insert ? `with documents as (${insert} returning id) ` : ""}update shipping_services_shipment
         set ${[...set.map((c) => `${c.column} = ${c.placeholder}`), "updated_at = now()"].join(", ")}
       where id = ? and deleted_at is null returning *`,
      [...values, ...set.map((c) => c.value), id]
    )
    if (!rows.length) throw new Error(`Shipment with id: ${id} was not found`)
    return rows[0] as ShipmentRecord
  }

  /**
   * The newest version of a file's pages (metadata only, no content), page order. `version`
   * picks an older one.
   */
  async documentPages(
    kind: NewDocument["kind"],
    ownerId: string
  ): Promise<
    {
      id: string
      page: number
      version: number
      mime_type: string
      format: string | null
      size: number
      storage: DocumentStorage
    }[]
  > {
    const rows = await this.listDocuments(
      { kind, owner_id: ownerId },
      {
        select: [
          "id",
          "page",
          "version",
          "mime_type",
          "format",
          "size",
          "storage",
        ],
        order: { version: "DESC", page: "ASC" },
      }
    )
    const newest = rows[0]?.version
    return rows.filter((r) => r.version === newest)
  }

  /** Deletes a file's older versions (a reprint replaced them). Rows and files are deleted. */
  async pruneDocuments(
    kind: NewDocument["kind"],
    ownerId: string,
    keepVersion: number
  ): Promise<void> {
    const old = await this.listDocuments(
      { kind, owner_id: ownerId, version: { $lt: keepVersion } },
      { select: ["id"] }
    )
    await this.documents_.remove(old.map((d) => d.id))
  }

  /** Deletes one version of a file (a workflow's compensation of storing it). Rows and files. */
  async deleteDocumentVersion(
    kind: NewDocument["kind"],
    ownerId: string,
    version: number
  ): Promise<void> {
    const pages = await this.listDocuments(
      { kind, owner_id: ownerId, version },
      { select: ["id"] }
    )
    await this.documents_.remove(pages.map((d) => d.id))
  }

  /**
   * Deletes documents by id, their files in the File Module included (the generated delete would
   * leave those behind). Never a soft delete: a check on the table refuses one.
   */
  // @ts-expect-error narrows MedusaService's generated signature to ids, the only form used
  override async deleteDocuments(ids: string | string[]): Promise<void> {
    await this.documents_.remove(Array.isArray(ids) ? ids : [ids])
  }

  /** Pages of the newest stored version of each shipment's label. */
  async labelPageCounts(shipmentIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>()
    if (!shipmentIds.length) return counts
    const rows = await this.listDocuments(
      { kind: "label", owner_id: shipmentIds },
      { select: ["owner_id", "version"], order: { version: "DESC" } }
    )
    const newest = new Map<string, number>()
    for (const r of rows) {
      if (!newest.has(r.owner_id)) newest.set(r.owner_id, r.version)
      if (newest.get(r.owner_id) === r.version)
        counts.set(r.owner_id, (counts.get(r.owner_id) ?? 0) + 1)
    }
    return counts
  }

  /**
   * The newest stored version of several labels' pages, in page order, read in one query (a
   * print batch reads its labels a page of orders at a time).
   */
  async labelPagesOf(shipmentIds: string[]): Promise<Map<string, Buffer[]>> {
    return this.documents_.labelPages(shipmentIds)
  }

  /** One stored file's bytes, wherever they are kept. */
  async documentContent(id: string): Promise<Buffer> {
    return this.documents_.bytes(id)
  }

  /** How an admin route serves one stored file: its bytes, or a presigned URL (File Module). */
  async documentSource(id: string): Promise<DocumentSource> {
    return this.documents_.source(id)
  }

  /** Stored documents without their bytes. */
  async documentsMeta(ids: string[]): Promise<DocumentMeta[]> {
    return this.documents_.meta(ids)
  }

  /**
   * Moves documents to `target` storage (database → File Module as private files, or back):
   * these `ids`, or the oldest `limit` still elsewhere. See DocumentStore.move.
   */
  async moveDocuments(
    target: DocumentStorage,
    select: { ids?: string[]; limit?: number } = {}
  ): Promise<MoveReport> {
    return this.documents_.move(target, select)
  }

  /** Retention's SQL (src/modules/shipping-services/retention.ts). */
  retention(): DocumentRetention {
    return this.retention_
  }

  /**
   * Which of these fulfillments Medusa linked to an order or a return: the last thing its
   * fulfilment workflows do, so an unlinked one was left half-made by a process that stopped.
   * Reads Medusa's link tables (`order_fulfillment`, `return_fulfillment`, named by
   * @medusajs/link-modules) because the provider, which asks, has no Query.
   */
  async linkedFulfillments(fulfillmentIds: string[]): Promise<Set<string>> {
    if (!fulfillmentIds.length) return new Set()
    const knex = this.pg_()
    const { rows } = await knex.raw(
      `select fulfillment_id from order_fulfillment where fulfillment_id = any(?) and deleted_at is null
       union select fulfillment_id from return_fulfillment where fulfillment_id = any(?) and deleted_at is null`,
      [fulfillmentIds, fulfillmentIds]
    )
    return new Set(
      (rows as { fulfillment_id: string }[]).map((r) => r.fulfillment_id)
    )
  }

  /**
   * The Medusa return each of these (return) fulfillments belongs to, from Medusa's link table
   * (`return_fulfillment`), for the same reason as linkedFulfillments: read where Query is not at
   * hand, in one statement.
   */
  async returnsOfFulfillments(
    fulfillmentIds: string[]
  ): Promise<Map<string, string>> {
    if (!fulfillmentIds.length) return new Map()
    const { rows } = await this.pg_().raw(
      `select fulfillment_id, return_id from return_fulfillment where fulfillment_id = any(?) and deleted_at is null`,
      [fulfillmentIds]
    )
    return new Map(
      (rows as { fulfillment_id: string; return_id: string }[]).map((r) => [
        r.fulfillment_id,
        r.return_id,
      ])
    )
  }

  /**
   * Counts one refused return creation (src/lib/returns/refusal.ts) in the `returns.refused`
   * setting: one atomic statement, so concurrent refusals on several servers all count. A
   * counter, not a record of anyone: no order, customer or address is kept.
   */
  async countReturnRefusal(reason: string): Promise<Record<string, unknown>> {
    const { rows } = await this.pg_().raw(
      `insert into shipping_services_setting (id, key, value)
       values (?, ?, jsonb_build_object(?::text, 1, 'last_at', now()))
       on conflict (key) where deleted_at is null do update set
         value = shipping_services_setting.value || jsonb_build_object(
           ?::text, coalesce((shipping_services_setting.value ->> ?)::int, 0) + 1,
           'last_at', now()),
         updated_at = now()
       returning value`,
      [entityId("ssset"), RETURN_REFUSALS_SETTING, reason, reason, reason]
    )
    return (rows as { value: Record<string, unknown> }[])[0]?.value ?? {}
  }

  /**
   * The figures of the admin's Health section, from the plugin's own tables, in a few aggregate
   * queries each bounded by a time window or an index (src/lib/views/health-view.ts judges them).
   * `since`: the start of the window ("the last hour"); `day`: a day before now.
   */
  async healthFigures(window: {
    since: Date
    day: Date
  }): Promise<HealthFigures> {
    const knex = this.pg_()
    const one = async (sql: string, bindings: Date[] = []) =>
      ((await knex.raw(sql, bindings)) as { rows: Record<string, unknown>[] })
        .rows[0] ?? {}
    const [
      purchases,
      lastBought,
      auto,
      webhooks,
      unapplied,
      unmatched,
      orphans,
    ] = await Promise.all([
      one(
        `select count(*) filter (where status in ('created', 'voided'))::int as bought,
                  count(*) filter (where status = 'failed')::int as refused
             from shipping_services_shipment
            where deleted_at is null and created_at >= ?`,
        [window.since]
      ),
      one(
        `select created_at as at from shipping_services_shipment
            where deleted_at is null and status in ('created', 'voided')
            order by created_at desc limit 1`
      ),
      one(
        `select count(*) filter (where status = 'failed' and next_attempt_at is not null)::int as waiting_retry,
                  min(next_attempt_at) filter (where status = 'failed' and next_attempt_at is not null) as next_retry_at,
                  count(*) filter (where status = 'failed' and next_attempt_at is null)::int as gave_up,
                  count(*) filter (where status = 'failed' and updated_at >= ?)::int as failed_in_window,
                  count(*) filter (where status = 'running' and (lease_until is null or lease_until < now()))::int as stalled
             from shipping_services_auto_fulfillment
            where deleted_at is null and status in ('failed', 'running')`,
        [window.since]
      ),
      one(
        `select count(*)::int as stored,
                  percentile_cont(0.5) within group (order by greatest(0, extract(epoch from created_at - occurred_at))) as lag_p50_s,
                  max(greatest(0, extract(epoch from created_at - occurred_at))) as lag_max_s
             from shipping_services_tracking_event
            where deleted_at is null and source = 'webhook' and created_at >= ?`,
        [window.since]
      ),
      one(
        `select min(created_at) as oldest, count(*)::int as n from (
             select created_at from shipping_services_tracking_event
              where processed_at is null and deleted_at is null and shipment_id is not null
              order by created_at limit 10000) t`
      ),
      one(
        `select count(*)::int as n from shipping_services_tracking_event
            where processed_at is null and deleted_at is null and shipment_id is null and created_at >= ?`,
        [window.day]
      ),
      one(
        `select count(*) filter (where status = 'created')::int as kept,
                  count(*) filter (where status = 'voided' and orphaned_at >= ?)::int as voided_in_day
             from shipping_services_shipment
            where deleted_at is null and orphaned_at is not null`,
        [window.day]
      ),
    ])
    const registrations = await this.listWebhookRegistrations(
      {},
      {
        select: [
          "type",
          "status",
          "url",
          "last_delivery_at",
          "synced_at",
          "created_at",
          "last_error",
        ],
      }
    )
    const jobs = await this.jobRuns()
    const num = (v: unknown) => (v == null ? null : Number(v))
    const date = (v: unknown) => (v == null ? null : new Date(v as string))
    return {
      purchases: {
        bought: Number(purchases.bought ?? 0),
        refused: Number(purchases.refused ?? 0),
        last_bought_at: date(lastBought.at),
      },
      auto_fulfillments: {
        waiting_retry: Number(auto.waiting_retry ?? 0),
        next_retry_at: date(auto.next_retry_at),
        gave_up: Number(auto.gave_up ?? 0),
        failed_in_window: Number(auto.failed_in_window ?? 0),
        stalled: Number(auto.stalled ?? 0),
      },
      webhooks: {
        registrations: registrations.map((r) => ({
          type: r.type,
          status: r.status,
          url: r.url,
          last_delivery_at: date(r.last_delivery_at),
          registered_at: date(r.synced_at ?? r.created_at),
          last_error:
            (r.last_error as { message?: string } | null)?.message ?? null,
        })),
        stored: Number(webhooks.stored ?? 0),
        lag_p50_s: num(webhooks.lag_p50_s),
        lag_max_s: num(webhooks.lag_max_s),
        oldest_unapplied_at: date(unapplied.oldest),
        unapplied: Number(unapplied.n ?? 0),
        unmatched_in_day: Number(unmatched.n ?? 0),
      },
      orphans: {
        kept: Number(orphans.kept ?? 0),
        voided_in_day: Number(orphans.voided_in_day ?? 0),
      },
      jobs,
    }
  }

  /** Each scheduled job's last run, as runJob recorded it (`job-run:<name>` settings). */
  async jobRuns(): Promise<({ name: string } & JobRunRecord)[]> {
    const rows = await this.listSettings({
      key: { $like: `${JOB_RUN_SETTING_PREFIX}%` },
    })
    return rows.map((r) => ({
      name: r.key.slice(JOB_RUN_SETTING_PREFIX.length),
      ...(r.value as unknown as JobRunRecord),
    }))
  }

  /**
   * Outbound labels on their way (bought, not voided, not delivered) bought within the window:
   * counted up to `cap` (a bounded query), for the webhook-silence alert.
   */
  async countShipmentsInTransit(window: {
    boughtAfter: Date
    boughtBefore: Date
    cap: number
  }): Promise<number> {
    const knex = this.pg_()
    const { rows } = await knex.raw(
      `select count(*)::int as n from (
         select 1 from shipping_services_shipment
          where status = 'created' and is_return = false and deleted_at is null
            and tracking_number is not null and delivered_applied_at is null
            and coalesce(tracking_status, '') <> 'Delivered'
            and created_at > ? and created_at < ?
          limit ?) t`,
      [window.boughtAfter, window.boughtBefore, window.cap]
    )
    return Number(rows[0]?.n ?? 0)
  }

  /**
   * Return fulfillments of this provider still waiting for their label (the return part of an
   * exchange or a claim: src/orchestration/waiting-return-labels.ts), live and linked to their
   * Medusa return, created since `since`; with that return's id. Oldest first. Read from the
   * tables, as halfMadeFulfillments: Medusa's query cannot filter on `fulfillment.data`.
   */
  async waitingReturnFulfillments(options: {
    providerPrefix: string
    since: Date
    /** Those with fewer failed purchases than this (the others wait for an admin). */
    maxAttempts: number
    limit?: number
  }): Promise<{ id: string; return_id: string }[]> {
    const { rows } = await this.pg_().raw(
      `select f.id, r.return_id from fulfillment f
         join return_fulfillment r on r.fulfillment_id = f.id and r.deleted_at is null
        where left(f.provider_id, ?) = ? and f.deleted_at is null and f.canceled_at is null
          and f.created_at >= ?
          and f.data -> 'shipping_services' ->> 'awaiting_return_label' = 'true'
          and coalesce((f.data -> 'shipping_services' ->> 'attempts')::int, 0) < ?
        order by f.created_at asc
        limit ?`,
      [
        options.providerPrefix.length,
        options.providerPrefix,
        options.since,
        options.maxAttempts,
        options.limit ?? 100,
      ]
    )
    return rows as { id: string; return_id: string }[]
  }

  /**
   * Fulfillments of this provider that a stopped process left half-made: created by Medusa's
   * fulfillment module (its row, items and delivery address, committed before the provider is
   * called), then never linked to an order or a return, because the process died while the label
   * was being bought (or before Medusa's next steps). They hold no label, no reservation and no
   * inventory change (Medusa adjusts those only with the link, after the provider returned).
   * Only those old enough that their workflow cannot be running (`olderThanSeconds`, by the
   * database's clock), not canceled, and that no label of the plugin's journal still points at
   * (a purchase pending, a bought label not yet re-homed, an orphan kept: canceling would void
   * it through the provider). Oldest first.
   */
  async halfMadeFulfillments(options: {
    providerPrefix: string
    olderThanSeconds: number
    ids?: string[]
    limit?: number
  }): Promise<{ id: string; created_at: Date }[]> {
    const knex = this.pg_()
    const { rows } = await knex.raw(
      `select f.id, f.created_at from fulfillment f
        where left(f.provider_id, ?) = ? and f.deleted_at is null and f.canceled_at is null
          and f.created_at < now() - (? * interval '1 second')
          ${options.ids ? "and f.id = any(?)" : ""}
          and not exists (select 1 from order_fulfillment o where o.fulfillment_id = f.id and o.deleted_at is null)
          and not exists (select 1 from return_fulfillment r where r.fulfillment_id = f.id and r.deleted_at is null)
          and not exists (
            select 1 from shipping_services_shipment s
             where s.fulfillment_id = f.id and s.deleted_at is null
               and s.status in ('pending', 'created'))
        order by f.created_at asc
        limit ?`,
      [
        options.providerPrefix.length,
        options.providerPrefix,
        options.olderThanSeconds,
        ...(options.ids ? [options.ids] : []),
        options.limit ?? 100,
      ]
    )
    return rows as { id: string; created_at: Date }[]
  }

  /**
   * Fulfillments of this provider that Medusa linked to the order but never registered on it: a
   * process stopped inside createOrderFulfillmentWorkflow's last step group, whose steps (the
   * order's FULFILL_ITEM change, the order link, the reservations) run side by side, after the
   * fulfillment, its labels and the inventory adjustment were committed. The order's lines then
   * look unfulfilled, and a new attempt would buy their labels again (the platform-faults test
   * found 7 of 100 orders with two). Live ones only (not canceled, not deleted), with their lines.
   */
  async unregisteredOrderFulfillments(options: {
    orderId: string
    providerPrefix: string
  }): Promise<{ id: string; items: { id: string; quantity: number }[] }[]> {
    const knex = this.pg_()
    const { rows } = await knex.raw(
      `select f.id, i.line_item_id, i.quantity::float8 as quantity
         from order_fulfillment o
         join fulfillment f on f.id = o.fulfillment_id
         join fulfillment_item i on i.fulfillment_id = f.id and i.deleted_at is null
        where o.order_id = ? and o.deleted_at is null
          and left(f.provider_id, ?) = ? and f.deleted_at is null and f.canceled_at is null
          and not exists (
            select 1 from order_change_action a
             where a.order_id = o.order_id and a.reference = 'fulfillment'
               and a.reference_id = f.id and a.deleted_at is null)
        order by f.created_at asc, i.line_item_id asc`,
      [options.orderId, options.providerPrefix.length, options.providerPrefix]
    )
    const byId = new Map<string, { id: string; quantity: number }[]>()
    for (const row of rows as {
      id: string
      line_item_id: string | null
      quantity: number
    }[]) {
      if (!row.line_item_id) continue
      const items = byId.get(row.id) ?? []
      items.push({ id: row.line_item_id, quantity: Number(row.quantity) })
      byId.set(row.id, items)
    }
    return [...byId].map(([id, items]) => ({ id, items }))
  }

  /**
   * The tracking apply path runs for every delivery of every parcel, so its writes skip the
   * ORM's read-before-update (MedusaService's update loads each row first, in a transaction):
   * one UPDATE each. These rows have no relations and nothing listens to their entity events.
   */
  async markTrackingEventsProcessed(
    ids: string[],
    processedAt: Date,
    outcome: string
  ): Promise<number> {
    if (!ids.length) return 0
    const knex = this.pg_()
    return knex("shipping_services_tracking_event")
      .whereIn("id", ids)
      .whereNull("deleted_at")
      .update({ processed_at: processedAt, outcome, updated_at: knex.fn.now() })
  }

  /** See markTrackingEventsProcessed. Only the tracking fields of one shipment. */
  async recordShipmentTracking(
    id: string,
    fields: ShipmentTrackingFields
  ): Promise<number> {
    const knex = this.pg_()
    return knex("shipping_services_shipment")
      .where({ id })
      .whereNull("deleted_at")
      .update({ ...fields, updated_at: knex.fn.now() })
  }

  /** The plugin's validated options (secrets included: never log or return them as they are). */
  getOptions(): PluginOptions {
    return this.options_
  }
}
