import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** A number of a jsonb object's field, null unless it holds a number there. */
const num = (json: string, key: string) =>
  `case when jsonb_typeof("${json}" -> '${key}') = 'number' then ("${json}" ->> '${key}')::numeric end`

/** The row's order gets one more change for the spend report to recompute. */
const changed = (row: string) =>
  `insert into "shipping_services_order_spend" (order_id) values (${row}.order_id)
      on conflict (order_id) do update set changes = "shipping_services_order_spend".changes + 1;`

/**
 * The spend report reads stored figures instead of joining Medusa's order tables per order over
 * a year of labels: per order, its first live label and what its shopper paid (the data model);
 * per label, its money as typed columns generated from `charges` and `rate_choice`, so that every
 * write of those keeps them, and an index covering them. A trigger counts each change of an
 * order's labels that may move its first live label (bought, voided, removed, moved) on the
 * order's row, in the writer's transaction: the next report recomputes those orders. Orders with
 * labels start as changed.
 */
export class Migration20261128142538 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "shipping_services_order_spend" ("order_id" text not null, "label_day" timestamptz null, "service_id" text null, "currency_code" text null, "shipping" numeric null, "shipping_tax" numeric null, "changes" integer not null default 1, "raw_shipping" jsonb null, "raw_shipping_tax" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "shipping_services_order_spend_pkey" primary key ("order_id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_order_spend_deleted_at" ON "shipping_services_order_spend" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_order_spend_report" ON "shipping_services_order_spend" ("label_day", "service_id", "currency_code", "shipping", "shipping_tax") WHERE deleted_at IS NULL AND shipping IS NOT NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_order_spend_changed" ON "shipping_services_order_spend" ("order_id") WHERE deleted_at IS NULL AND changes > 0;`
    )

    this.addSql(
      `drop index if exists "IDX_shipping_services_shipment_created_at_service_id";`
    )

    // rate_saving: null when not rate-shopped, 0 when shopped in another currency than the label's.
    this.addSql(
      `alter table if exists "shipping_services_shipment"
        add column if not exists "bought_day" timestamptz generated always as (date_bin('1 day', "created_at", timestamptz '2000-01-01 00:00:00+00')) stored,
        add column if not exists "charge_total" numeric generated always as (${num("charges", "totalCarrierCharge")}) stored,
        add column if not exists "charge_duty_and_tax" numeric generated always as (coalesce(${num("charges", "totalTaxAmount")}, 0) + coalesce(${num("charges", "totalDutyAmount")}, 0)) stored,
        add column if not exists "charge_currency" text generated always as (lower("charges" ->> 'currencyCode')) stored,
        add column if not exists "rate_saving" numeric generated always as (case when "rate_choice" is null then null when lower("rate_choice" ->> 'currency') = lower("charges" ->> 'currencyCode') then coalesce(${num("rate_choice", "saving")}, 0) else 0 end) stored;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_shipment_spend" ON "shipping_services_shipment" ("bought_day", "service_id", "charge_currency") INCLUDE ("status", "void_status", "charge_total", "charge_duty_and_tax", "rate_saving") WHERE deleted_at IS NULL AND is_return = false AND status IN ('created', 'voided');`
    )

    this.addSql(
      `create or replace function "shipping_services_order_spend_changed"() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' and old.order_id is not null then
          ${changed("old")}
        end if;
        if tg_op <> 'DELETE' and new.order_id is not null then
          ${changed("new")}
        end if;
        return null;
      end $$;`
    )
    this.addSql(
      `drop trigger if exists "shipping_services_order_spend_changed" on "shipping_services_shipment";`
    )
    this.addSql(
      `create trigger "shipping_services_order_spend_changed"
        after insert or delete or update of order_id, is_return, status, deleted_at, created_at, parcel_index, service_id
        on "shipping_services_shipment" for each row execute function "shipping_services_order_spend_changed"();`
    )
    this.addSql(
      `insert into "shipping_services_order_spend" (order_id)
       select distinct order_id from shipping_services_shipment where order_id is not null
       on conflict (order_id) do nothing;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop trigger if exists "shipping_services_order_spend_changed" on "shipping_services_shipment";`
    )
    this.addSql(
      `drop function if exists "shipping_services_order_spend_changed"();`
    )
    this.addSql(`drop index if exists "IDX_shipping_services_shipment_spend";`)
    this.addSql(
      `alter table if exists "shipping_services_shipment" drop column if exists "bought_day", drop column if exists "charge_total", drop column if exists "charge_duty_and_tax", drop column if exists "charge_currency", drop column if exists "rate_saving";`
    )
    this.addSql(`drop table if exists "shipping_services_order_spend" cascade;`)

    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_shipment_created_at_service_id" ON "shipping_services_shipment" ("created_at", "service_id") WHERE deleted_at IS NULL AND is_return = false AND status IN ('created', 'voided');`
    )
  }
}
