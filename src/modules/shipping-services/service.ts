import { ContainerRegistrationKeys, MedusaService } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import { parsePluginOptions, type PluginOptions } from "../../options"
import { TrackingEventWriter, type TrackingEventRow } from "./event-writer"
import { runningInFlight, whenIdle } from "../../orchestration/in-flight"
import { AutoFulfillment, Setting, Shipment, TrackingEvent, WebhookRegistration } from "./models"

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
  next_poll_at?: null
}

type InjectedDependencies = { logger: Logger; [ContainerRegistrationKeys.PG_CONNECTION]: unknown }

export default class ShippingServicesModuleService extends MedusaService({
  Shipment,
  TrackingEvent,
  WebhookRegistration,
  AutoFulfillment,
  Setting,
}) {
  protected readonly options_: PluginOptions
  protected readonly eventWriter_: TrackingEventWriter
  protected readonly pg_: () => unknown
  protected readonly keyCache_ = new Map<string, { value: { headerName: string; keys: string[] }; until: number }>()
  /** Read by Medusa (MedusaModule.onApplicationStart) once every module is loaded. */
  readonly __hooks: { onApplicationStart?: () => Promise<void>; onApplicationPrepareShutdown?: () => Promise<void> }

  constructor(container: InjectedDependencies, options: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    // Validated already by the module loader at boot; parsing again yields the defaults.
    this.options_ = parsePluginOptions(options)
    this.pg_ = () => container[ContainerRegistrationKeys.PG_CONNECTION]
    this.eventWriter_ = new TrackingEventWriter(() => this.pg_() as any)
    // Start-up work of the plugin (webhook registration, boot warnings): src/orchestration/boot.ts.
    // Required lazily: it reaches the rest of the plugin, which loading this module must not load.
    this.__hooks = {
      onApplicationStart: async () => {
        const boot: typeof import("../../orchestration/boot") = require("../../orchestration/boot")
        await boot.onShippingServicesStart(this, container.logger)
      },
      // Before Medusa closes the database pool: let background work (a label being bought, a
      // timeline being applied) finish its writes rather than stop between them. Bounded, as
      // orchestrators kill a process that does not stop soon after SIGTERM.
      onApplicationPrepareShutdown: async () => {
        if (!(await whenIdle({ timeoutMs: SHUTDOWN_GRACE_MS, quietMs: 100 }))) {
          container.logger.warn(`shipping-services: stopping with ${runningInFlight()} background job(s) still running; jobs and retries finish their work after the restart`)
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
  async acceptedWebhookKeys(type: "tracking" | "locker"): Promise<{ headerName: string; keys: string[] }> {
    const cached = this.keyCache_.get(type)
    if (cached && cached.until > Date.now()) return cached.value
    const [registration] = await this.listWebhookRegistrations({ type })
    const keys: string[] = []
    if (registration?.api_key) keys.push(registration.api_key)
    const rotatedAt = registration?.key_rotated_at ? new Date(registration.key_rotated_at).getTime() : 0
    if (registration?.previous_api_key && Date.now() - rotatedAt < PREVIOUS_KEY_GRACE_MS) keys.push(registration.previous_api_key)
    const value = { headerName: registration?.header_name ?? this.options_.webhook.headerName, keys }
    this.keyCache_.set(type, { value, until: Date.now() + KEY_CACHE_MS })
    return value
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
   * Takes an automatic fulfilment that is not running (failed, or running but left by a crashed
   * process) for one more attempt, if nobody changed it since it was read: a compare-and-set on
   * status and attempts, so of two processes (the retry job and an admin's retry, say) exactly
   * one gets it, without holding a lock while the label is bought.
   */
  async claimAutoFulfillmentAttempt(id: string, seen: { status: string; attempts: number }): Promise<boolean> {
    const knex = this.pg_() as any
    const changed: number = await knex("shipping_services_auto_fulfillment")
      .where({ id, status: seen.status, attempts: seen.attempts })
      .whereNull("deleted_at")
      .update({ status: "running", attempts: seen.attempts + 1, next_attempt_at: null, updated_at: knex.fn.now() })
    return changed === 1
  }

  /**
   * The tracking apply path runs for every delivery of every parcel, so its writes skip the
   * ORM's read-before-update (MedusaService's update loads each row first, in a transaction):
   * one UPDATE each. These rows have no relations and nothing listens to their entity events.
   */
  async markTrackingEventsProcessed(ids: string[], processedAt: Date, outcome: string): Promise<number> {
    if (!ids.length) return 0
    const knex = this.pg_() as any
    return knex("shipping_services_tracking_event").whereIn("id", ids).whereNull("deleted_at").update({ processed_at: processedAt, outcome, updated_at: knex.fn.now() })
  }

  /** See markTrackingEventsProcessed. Only the tracking fields of one shipment. */
  async recordShipmentTracking(id: string, fields: ShipmentTrackingFields): Promise<number> {
    const knex = this.pg_() as any
    return knex("shipping_services_shipment").where({ id }).whereNull("deleted_at").update({ ...fields, updated_at: knex.fn.now() })
  }

  /** The plugin's validated options (secrets included: never log or return them as they are). */
  getOptions(): PluginOptions {
    return this.options_
  }
}
