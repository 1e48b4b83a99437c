import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { SpendRow } from "../../lib/spend/report"
import type { SpendPeriod } from "../../lib/spend/days"

export type SpendFilter = {
  /** Whole UTC days, both included (YYYY-MM-DD). */
  from: string
  to: string
  period: SpendPeriod
  service?: string
  currency?: string
}

/** Medusa keeps this raw form beside the column. */
const raw = (amount: string) =>
  `case when ${amount} is not null then jsonb_build_object('value', ${amount}::text, 'precision', 20) end`

/**
 * Recomputes changed orders: first live label, and what the shopper paid for shipping as Medusa's totals compute it
 * (current version, returns left out, nothing when canceled). A row changed meanwhile waits for the next report.
 */
export const REFRESH_SQL = `
with changed as (
  select order_id, changes from shipping_services_order_spend where deleted_at is null and changes > 0
)
update shipping_services_order_spend t
   set label_day = f.bought_day, service_id = f.service_id, currency_code = o.currency_code,
       shipping = p.shipping, raw_shipping = ${raw("p.shipping")},
       shipping_tax = p.tax, raw_shipping_tax = ${raw("p.tax")},
       changes = 0, updated_at = now()
  from changed c
  left join "order" o on o.id = c.order_id
  left join lateral (
    select s.service_id, s.bought_day from shipping_services_shipment s
     where s.order_id = c.order_id and s.deleted_at is null and s.is_return = false and s.status = 'created'
     order by s.created_at, s.parcel_index, s.id limit 1
  ) f on true
  left join lateral (
    select sum(m.charged) as shipping, sum(m.charged * m.rate / 100) as tax from (
      select case when sm.is_tax_inclusive then sm.amount / (1 + coalesce(sum(x.rate), 0) / 100)
                  else sm.amount end - coalesce(a.amount, 0) as charged,
             coalesce(sum(x.rate), 0) as rate
        from order_shipping os
        join order_shipping_method sm on sm.id = os.shipping_method_id and sm.deleted_at is null
        left join order_shipping_method_adjustment a on a.shipping_method_id = sm.id
         and a.version = os.version and a.deleted_at is null
        left join order_shipping_method_tax_line x on x.shipping_method_id = sm.id and x.deleted_at is null
       where os.order_id = o.id and os.version = o.version and os.deleted_at is null
         and os.return_id is null and o.deleted_at is null and o.status <> 'canceled'
       group by sm.id, a.id
    ) m
  ) p on true
 where t.order_id = c.order_id and t.changes = c.changes`

/**
 * One statement: labels bought in the range, plus what shoppers paid on orders whose first live label is in it,
 * each read from one index. SQL because Query cannot group by period; fast over 100,000 labels.
 */
export const SPEND_SQL = `
select to_char(date_trunc(:unit, day, 'UTC') at time zone 'UTC', 'YYYY-MM-DD') as period, service_id, currency,
       sum(labels)::int as labels, sum(voided)::int as voided, sum(rate_shopped)::int as rate_shopped,
       round(coalesce(sum(postage), 0), 2)::float8 as postage,
       round(coalesce(sum(refunded), 0), 2)::float8 as refunded,
       round(coalesce(sum(refund_pending), 0), 2)::float8 as refund_pending,
       round(coalesce(sum(duty_and_tax), 0), 2)::float8 as duty_and_tax,
       round(coalesce(sum(charged), 0), 2)::float8 as shipping_charged,
       round(coalesce(sum(tax), 0), 2)::float8 as shipping_tax,
       (round(coalesce(sum(charged), 0), 2) - round(coalesce(sum(postage), 0), 2))::float8 as difference,
       round(coalesce(sum(saving), 0), 2)::float8 as saving
  from (
  select s.bought_day as day, s.service_id, s.charge_currency as currency,
         count(*) as labels,
         count(*) filter (where s.status = 'voided') as voided,
         count(s.rate_saving) filter (where s.status = 'created') as rate_shopped,
         sum(s.charge_total) filter (where s.status = 'created') as postage,
         sum(s.charge_total) filter (where s.status = 'voided') as refunded,
         sum(s.charge_total) filter (where s.status = 'voided' and s.void_status = 'INITIATED') as refund_pending,
         sum(s.charge_duty_and_tax) filter (where s.status = 'created') as duty_and_tax,
         null::numeric as charged, null::numeric as tax,
         sum(s.rate_saving) filter (where s.status = 'created') as saving
    from shipping_services_shipment s
   where s.deleted_at is null and s.is_return = false and s.status in ('created', 'voided')
     and s.bought_day >= :from and s.bought_day < :to
     and (cast(:service as text) is null or s.service_id = :service)
   group by 1, 2, 3
  union all
  select t.label_day, t.service_id, t.currency_code, 0, 0, 0, null, null, null, null,
         sum(t.shipping), sum(t.shipping_tax), null
    from shipping_services_order_spend t
   where t.deleted_at is null and t.shipping is not null
     and t.label_day >= :from and t.label_day < :to
     and (cast(:service as text) is null or t.service_id = :service)
   group by 1, 2, 3
  ) figures
 where cast(:currency as text) is null or currency = :currency
 group by 1, 2, 3
 order by 1, 2, 3`

/** The range's end is the day after `to`. */
export function spendStatement(filter: SpendFilter) {
  const end = new Date(`${filter.to}T00:00:00.000Z`)
  end.setUTCDate(end.getUTCDate() + 1)
  return {
    sql: SPEND_SQL,
    bindings: {
      unit: filter.period,
      from: new Date(`${filter.from}T00:00:00.000Z`),
      to: end,
      service: filter.service ?? null,
      currency: filter.currency ?? null,
    },
  }
}

/** One refresh at a time: two reports would lock the same rows in their own orders. */
export async function refreshOrderSpend(knex: Knex): Promise<void> {
  const { rows } = await knex.raw(
    `select exists (select 1 from shipping_services_order_spend where deleted_at is null and changes > 0) as changed`
  )
  if (!rows[0].changed) return
  await knex.transaction(async (trx) => {
    await trx.raw(
      "select pg_advisory_xact_lock(hashtext('shipping_services_order_spend'))"
    )
    // After an upgrade every order is recomputed: its sorts fit in memory (the default spills).
    await trx.raw("set local work_mem = '32MB'")
    await trx.raw(REFRESH_SQL)
  })
}

/** An edit, exchange, claim, return or cancel. */
export async function markOrdersChanged(
  knex: Knex,
  orderIds: string[]
): Promise<void> {
  await knex.raw(
    `update shipping_services_order_spend set changes = changes + 1 where order_id = any(?)`,
    [orderIds]
  )
}

export async function readSpendReport(
  knex: Knex,
  filter: SpendFilter
): Promise<SpendRow[]> {
  await refreshOrderSpend(knex)
  const { sql, bindings } = spendStatement(filter)
  return (await knex.raw(sql, bindings)).rows as SpendRow[]
}
