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

/** A jsonb field as a number, null unless the service answered a number there. */
const num = (json: string, key: string) =>
  `case when jsonb_typeof(${json} -> '${key}') = 'number' then (${json} ->> '${key}')::numeric end`

/** Outbound labels bought in the range (of one service, when asked): the `created_at` index. */
const BOUGHT = `s.deleted_at is null and s.is_return = false
     and s.created_at >= :from and s.created_at < :to
     and (cast(:service as text) is null or s.service_id = :service)`

/**
 * The spend report in one statement, three parts summed by period, service and currency:
 * - the labels: counts and the service's charges (`charges` as the purchase stored them);
 * - the first live label of each order: it carries what the order's shopper paid for shipping,
 *   from Medusa's order tables (the order's current version, returns' shipping left out, tax and
 *   discounts as Medusa's shipping-method totals compute them; one adjustment per method and
 *   version, as Medusa's unique index keeps them). An order placed before the range, or a report
 *   of one service, looks for an earlier label of the order too;
 * - rate shopping's savings, in the label's currency.
 * Why each figure is counted so: docs/admin.md, "Shipping spend". SQL because Query cannot group
 * by period nor reach a jsonb field, and the report stays fast over 100,000 labels
 * (bench/spend-report.ts).
 */
export const SPEND_SQL = `
with firsts as (
  select distinct on (s.order_id collate "C") s.order_id, s.service_id, s.created_at, s.parcel_index, s.id
    from shipping_services_shipment s
   where ${BOUGHT} and s.status = 'created' and s.order_id is not null
   order by s.order_id collate "C", s.created_at, s.parcel_index, s.id
),
methods as (
  select date_trunc(:unit, f.created_at, 'UTC') as period, f.service_id, o.currency_code as currency,
         case when sm.is_tax_inclusive then sm.amount / (1 + coalesce(sum(x.rate), 0) / 100)
              else sm.amount end - coalesce(a.amount, 0) as charged,
         coalesce(sum(x.rate), 0) as rate
    from firsts f
    join "order" o on o.id = f.order_id and o.deleted_at is null and o.status <> 'canceled'
    join order_shipping os on os.order_id = o.id and os.version = o.version
     and os.deleted_at is null and os.return_id is null
    join order_shipping_method sm on sm.id = os.shipping_method_id and sm.deleted_at is null
    left join order_shipping_method_adjustment a on a.shipping_method_id = sm.id
     and a.version = os.version and a.deleted_at is null
    left join order_shipping_method_tax_line x on x.shipping_method_id = sm.id and x.deleted_at is null
   where (o.created_at >= :from and cast(:service as text) is null) or not exists (
     select 1 from shipping_services_shipment e
      where e.order_id = f.order_id and e.deleted_at is null and e.is_return = false
        and e.status = 'created' and e.created_at <= f.created_at
        and (e.created_at, e.parcel_index, e.id) < (f.created_at, f.parcel_index, f.id))
   group by 1, 2, 3, sm.id, a.id
),
figures as (
  select date_trunc(:unit, s.created_at, 'UTC') as period, s.service_id,
         lower(s.charges ->> 'currencyCode') as currency,
         count(*) as labels,
         count(*) filter (where s.status = 'voided') as voided,
         count(*) filter (where s.status = 'created' and s.rate_choice is not null) as rate_shopped,
         sum(${num("s.charges", "totalCarrierCharge")}) filter (where s.status = 'created') as postage,
         sum(${num("s.charges", "totalCarrierCharge")}) filter (where s.status = 'voided') as refunded,
         sum(${num("s.charges", "totalCarrierCharge")})
           filter (where s.status = 'voided' and s.void_status = 'INITIATED') as refund_pending,
         sum(coalesce(${num("s.charges", "totalTaxAmount")}, 0) + coalesce(${num("s.charges", "totalDutyAmount")}, 0))
           filter (where s.status = 'created') as duty_and_tax,
         null::numeric as charged, null::numeric as tax,
         sum(${num("s.rate_choice", "saving")}) filter (where s.status = 'created'
           and lower(s.rate_choice ->> 'currency') = lower(s.charges ->> 'currencyCode')) as saving
    from shipping_services_shipment s
   where ${BOUGHT} and s.status in ('created', 'voided')
   group by 1, 2, 3
  union all
  select period, service_id, currency, 0, 0, 0, null, null, null, null,
         sum(charged), sum(charged * rate / 100), null
    from methods group by 1, 2, 3
)
select to_char(period at time zone 'UTC', 'YYYY-MM-DD') as period, service_id, currency,
       sum(labels)::int as labels, sum(voided)::int as voided, sum(rate_shopped)::int as rate_shopped,
       round(coalesce(sum(postage), 0), 2)::float8 as postage,
       round(coalesce(sum(refunded), 0), 2)::float8 as refunded,
       round(coalesce(sum(refund_pending), 0), 2)::float8 as refund_pending,
       round(coalesce(sum(duty_and_tax), 0), 2)::float8 as duty_and_tax,
       round(coalesce(sum(charged), 0), 2)::float8 as shipping_charged,
       round(coalesce(sum(tax), 0), 2)::float8 as shipping_tax,
       (round(coalesce(sum(charged), 0), 2) - round(coalesce(sum(postage), 0), 2))::float8 as difference,
       round(coalesce(sum(saving), 0), 2)::float8 as saving
  from figures
 where cast(:currency as text) is null or currency = :currency
 group by 1, 2, 3
 order by 1, 2, 3`

/** The report's statement with its values bound (the range's end is the day after `to`). */
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

/** The spend report's rows (src/lib/spend/report.ts sums them by currency). */
export async function readSpendReport(
  knex: Knex,
  filter: SpendFilter
): Promise<SpendRow[]> {
  const { sql, bindings } = spendStatement(filter)
  return knex.transaction(async (trx) => {
    // Its sorts and groups over 100,000 labels fit in memory (the default 4 MB spills to disk).
    await trx.raw("set local work_mem = '32MB'")
    return (await trx.raw(sql, bindings)).rows as SpendRow[]
  })
}
