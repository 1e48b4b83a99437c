import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261121193210 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "shipping_services_webhook_registration" drop constraint if exists "shipping_services_webhook_registration_type_unique";`
    )
    this.addSql(
      `alter table if exists "shipping_services_tracking_event" drop constraint if exists "shipping_services_tracking_event_dedupe_key_unique";`
    )
    this.addSql(
      `alter table if exists "shipping_services_shipment" drop constraint if exists "shipping_services_shipment_transaction_id_unique";`
    )
    this.addSql(
      `alter table if exists "shipping_services_setting" drop constraint if exists "shipping_services_setting_key_unique";`
    )
    this.addSql(
      `alter table if exists "shipping_services_auto_fulfillment" drop constraint if exists "shipping_services_auto_fulfillment_order_id_unique";`
    )
    this.addSql(
      `create table if not exists "shipping_services_auto_fulfillment" ("id" text not null, "order_id" text not null, "status" text check ("status" in ('pending', 'running', 'succeeded', 'failed', 'skipped')) not null default 'pending', "attempts" integer not null default 0, "next_attempt_at" timestamptz null, "last_error" jsonb null, "fulfillment_ids" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "shipping_services_auto_fulfillment_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_shipping_services_auto_fulfillment_order_id_unique" ON "shipping_services_auto_fulfillment" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_auto_fulfillment_deleted_at" ON "shipping_services_auto_fulfillment" ("deleted_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "shipping_services_setting" ("id" text not null, "key" text not null, "value" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "shipping_services_setting_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_shipping_services_setting_key_unique" ON "shipping_services_setting" ("key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_setting_deleted_at" ON "shipping_services_setting" ("deleted_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "shipping_services_shipment" ("id" text not null, "transaction_id" text not null, "transaction_ids" jsonb null, "request_key" text not null, "fulfillment_id" text null, "order_id" text null, "is_return" boolean not null default false, "option_id" text not null, "variant" text check ("variant" in ('carrier-account', 'expedited', 'standard', 'cross-border')) not null, "carrier" text not null, "service_id" text not null, "parcel_type" text null, "status" text check ("status" in ('pending', 'created', 'failed', 'voided')) not null default 'pending', "shipment_id" text null, "tracking_number" text null, "tracking_url" text null, "label_type" text null, "label_format" text null, "label_size" text null, "label_content_type" text null, "label_files" jsonb null, "label_pending" jsonb null, "label_source_url" text null, "charges" jsonb null, "delivery_commitment" jsonb null, "reprint_count" integer not null default 0, "add_to_manifest" boolean not null default false, "manifest_id" text null, "voided_at" timestamptz null, "void_status" text null, "error" jsonb null, "tracking_status" text null, "tracking_status_at" timestamptz null, "estimated_delivery" jsonb null, "shipped_applied_at" timestamptz null, "delivered_applied_at" timestamptz null, "last_event_at" timestamptz null, "next_poll_at" timestamptz null, "poll_failures" integer not null default 0, "metadata" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "shipping_services_shipment_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_shipping_services_shipment_transaction_id_unique" ON "shipping_services_shipment" ("transaction_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_shipment_request_key" ON "shipping_services_shipment" ("request_key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_shipment_fulfillment_id" ON "shipping_services_shipment" ("fulfillment_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_shipment_order_id" ON "shipping_services_shipment" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_shipment_shipment_id" ON "shipping_services_shipment" ("shipment_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_shipment_tracking_number" ON "shipping_services_shipment" ("tracking_number") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_shipment_deleted_at" ON "shipping_services_shipment" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_shipment_status_next_poll_at" ON "shipping_services_shipment" ("status", "next_poll_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "shipping_services_tracking_event" ("id" text not null, "dedupe_key" text not null, "kind" text check ("kind" in ('tracking', 'locker')) not null default 'tracking', "source" text check ("source" in ('webhook', 'poll')) not null default 'webhook', "tracking_number" text not null, "shipment_id" text null, "package_status" text null, "event_code" text null, "occurred_at" timestamptz null, "description" text null, "location" text null, "reference_id" text null, "payload" jsonb not null, "processed_at" timestamptz null, "outcome" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "shipping_services_tracking_event_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_shipping_services_tracking_event_dedupe_key_unique" ON "shipping_services_tracking_event" ("dedupe_key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_tracking_event_tracking_number" ON "shipping_services_tracking_event" ("tracking_number") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_tracking_event_shipment_id" ON "shipping_services_tracking_event" ("shipment_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_tracking_event_deleted_at" ON "shipping_services_tracking_event" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_tracking_event_shipment_id_occurred_at" ON "shipping_services_tracking_event" ("shipment_id", "occurred_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_tracking_event_created_at" ON "shipping_services_tracking_event" ("created_at") WHERE processed_at IS NULL AND deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "shipping_services_webhook_registration" ("id" text not null, "type" text check ("type" in ('tracking', 'locker')) not null, "config_id" text null, "name" text not null, "url" text not null, "events" jsonb not null, "status" text not null default 'active', "header_name" text not null, "api_key" text not null, "previous_api_key" text null, "time_out" integer not null, "synced_at" timestamptz null, "key_rotated_at" timestamptz null, "last_delivery_at" timestamptz null, "last_error" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "shipping_services_webhook_registration_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_shipping_services_webhook_registration_type_unique" ON "shipping_services_webhook_registration" ("type") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_webhook_registration_deleted_at" ON "shipping_services_webhook_registration" ("deleted_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop table if exists "shipping_services_auto_fulfillment" cascade;`
    )

    this.addSql(`drop table if exists "shipping_services_setting" cascade;`)

    this.addSql(`drop table if exists "shipping_services_shipment" cascade;`)

    this.addSql(
      `drop table if exists "shipping_services_tracking_event" cascade;`
    )

    this.addSql(
      `drop table if exists "shipping_services_webhook_registration" cascade;`
    )
  }
}
