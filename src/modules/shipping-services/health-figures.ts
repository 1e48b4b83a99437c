import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { HealthFigures } from "../../lib/views/health-view"
import type { JobRunRecord } from "../../lib/jobs"

export type { HealthFigures }

type RegistrationRow = {
  type: string
  status: string
  url: string
  last_delivery_at: Date | string | null
  synced_at: Date | string | null
  created_at: Date | string
  last_error: unknown
}

export const REGISTRATION_FIELDS = [
  "type",
  "status",
  "url",
  "last_delivery_at",
  "synced_at",
  "created_at",
  "last_error",
] as const

export type HealthReads = {
  registrations(): Promise<RegistrationRow[]>
  jobs(): Promise<({ name: string } & JobRunRecord)[]>
}

/** Health figures: a few aggregate queries, each bounded by a time window or an index. */
export class HealthQueries {
  constructor(
    private readonly knex: () => Knex,
    private readonly reads: HealthReads
  ) {}

  /** `since`: the window's start; `day`: a day before now. */
  async figures(window: { since: Date; day: Date }): Promise<HealthFigures> {
    const knex = this.knex()
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
    const registrations = await this.reads.registrations()
    const jobs = await this.reads.jobs()
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

  /** Capped count of live outbound labels in the window, for the webhook-silence alert. */
  async countShipmentsInTransit(window: {
    boughtAfter: Date
    boughtBefore: Date
    cap: number
  }): Promise<number> {
    const knex = this.knex()
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
}
