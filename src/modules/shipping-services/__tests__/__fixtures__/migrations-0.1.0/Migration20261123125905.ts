import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261123125905 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "shipping_services_batch" ("id" text not null, "status" text check ("status" in ('buying', 'printing', 'done')) not null default 'buying', "mode" text check ("mode" in ('buy', 'print')) not null default 'buy', "layout" text not null, "packing_slips" boolean not null default true, "commercial_invoices" boolean not null default true, "separate" boolean not null default false, "refused" jsonb null, "files" jsonb null, "print_version" integer not null default 0, "print_error" jsonb null, "created_by" text null, "finished_at" timestamptz null, "lease_owner" text null, "lease_until" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "shipping_services_batch_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_batch_deleted_at" ON "shipping_services_batch" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_batch_status_lease_until" ON "shipping_services_batch" ("status", "lease_until") WHERE deleted_at IS NULL AND status <> 'done';`
    )

    this.addSql(
      `create table if not exists "shipping_services_batch_item" ("id" text not null, "batch_id" text not null, "position" integer not null default 0, "order_id" text not null, "display_id" integer null, "status" text check ("status" in ('waiting', 'running', 'done', 'failed')) not null default 'waiting', "error" jsonb null, "attempts" integer not null default 0, "fulfillment_ids" jsonb null, "shipment_ids" jsonb null, "note" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "shipping_services_batch_item_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_batch_item_batch_id" ON "shipping_services_batch_item" ("batch_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_batch_item_order_id" ON "shipping_services_batch_item" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_batch_item_deleted_at" ON "shipping_services_batch_item" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_batch_item_batch_id_status" ON "shipping_services_batch_item" ("batch_id", "status") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `alter table if exists "shipping_services_auto_fulfillment" drop constraint if exists "shipping_services_auto_fulfillment_status_check";`
    )

    this.addSql(
      `alter table if exists "shipping_services_auto_fulfillment" add column if not exists "option_id" text null, add column if not exists "lane" text check ("lane" in ('domestic', 'cross-border')) null, add column if not exists "display_id" integer null, add column if not exists "placed_at" timestamptz null, add column if not exists "held_at" timestamptz null;`
    )
    this.addSql(
      `alter table if exists "shipping_services_auto_fulfillment" add constraint "shipping_services_auto_fulfillment_status_check" check("status" in ('pending', 'running', 'succeeded', 'failed', 'skipped', 'manual', 'held'));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_auto_fulfillment_status_placed_at" ON "shipping_services_auto_fulfillment" ("status", "placed_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `alter table if exists "shipping_services_shipment" add column if not exists "customs" jsonb null, add column if not exists "printed_at" timestamptz null;`
    )
    // Labels bought before batches existed were handled one at a time: they do not wait for a print.
    this.addSql(
      `update "shipping_services_shipment" set "printed_at" = "created_at" where "status" = 'created' and "printed_at" is null;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_shipment_order_id_created_at" ON "shipping_services_shipment" ("order_id", "created_at") WHERE deleted_at IS NULL AND status = 'created' AND printed_at IS NULL AND is_return = false;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "shipping_services_batch" cascade;`)

    this.addSql(`drop table if exists "shipping_services_batch_item" cascade;`)

    this.addSql(
      `alter table if exists "shipping_services_auto_fulfillment" drop constraint if exists "shipping_services_auto_fulfillment_status_check";`
    )

    this.addSql(
      `drop index if exists "IDX_shipping_services_auto_fulfillment_status_placed_at";`
    )
    this.addSql(
      `alter table if exists "shipping_services_auto_fulfillment" drop column if exists "option_id", drop column if exists "lane", drop column if exists "display_id", drop column if exists "placed_at", drop column if exists "held_at";`
    )

    this.addSql(
      `alter table if exists "shipping_services_auto_fulfillment" add constraint "shipping_services_auto_fulfillment_status_check" check("status" in ('pending', 'running', 'succeeded', 'failed', 'skipped'));`
    )

    this.addSql(
      `drop index if exists "IDX_shipping_services_shipment_order_id_created_at";`
    )
    this.addSql(
      `alter table if exists "shipping_services_shipment" drop column if exists "customs", drop column if exists "printed_at";`
    )
  }
}
