import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261123120909 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "shipping_services_document" ("id" text not null, "kind" text check ("kind" in ('label', 'manifest', 'print')) not null, "owner_id" text not null, "page" integer not null default 0, "version" integer not null default 0, "mime_type" text not null, "format" text null, "content" text not null, "size" integer not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "shipping_services_document_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_document_deleted_at" ON "shipping_services_document" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_document_kind_owner_id_version_page" ON "shipping_services_document" ("kind", "owner_id", "version", "page") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `alter table if exists "shipping_services_auto_fulfillment" add column if not exists "lease_owner" text null, add column if not exists "lease_until" timestamptz null;`
    )

    this.addSql(
      `alter table if exists "shipping_services_shipment" add column if not exists "parcel_index" integer not null default 0, add column if not exists "parcel_count" integer not null default 1, add column if not exists "parcel" jsonb null, add column if not exists "lease_owner" text null, add column if not exists "lease_until" timestamptz null, add column if not exists "void_reason" text null, add column if not exists "attached_at" timestamptz null, add column if not exists "orphaned_at" timestamptz null;`
    )
    // Labels bought before this version belong to the fulfillments they were bought for: crash
    // recovery (which looks at labels never seen attached) must leave them alone.
    this.addSql(
      `update "shipping_services_shipment" set "attached_at" = "created_at" where "attached_at" is null and "status" in ('created', 'voided') and "fulfillment_id" is not null;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_shipment_status_lease_until" ON "shipping_services_shipment" ("status", "lease_until") WHERE deleted_at IS NULL AND status = 'pending';`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_shipment_status_created_at" ON "shipping_services_shipment" ("status", "created_at") WHERE deleted_at IS NULL AND status = 'created' AND attached_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "shipping_services_document" cascade;`)

    this.addSql(
      `alter table if exists "shipping_services_auto_fulfillment" drop column if exists "lease_owner", drop column if exists "lease_until";`
    )

    this.addSql(
      `drop index if exists "IDX_shipping_services_shipment_status_lease_until";`
    )
    this.addSql(
      `drop index if exists "IDX_shipping_services_shipment_status_created_at";`
    )
    this.addSql(
      `alter table if exists "shipping_services_shipment" drop column if exists "parcel_index", drop column if exists "parcel_count", drop column if exists "parcel", drop column if exists "lease_owner", drop column if exists "lease_until", drop column if exists "void_reason", drop column if exists "attached_at", drop column if exists "orphaned_at";`
    )
  }
}
