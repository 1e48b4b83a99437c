import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261125153939 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_shipment_created_at" ON "shipping_services_shipment" ("created_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_shipment_orphaned_at" ON "shipping_services_shipment" ("orphaned_at") WHERE deleted_at IS NULL AND orphaned_at IS NOT NULL;`
    )

    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_tracking_event_source_created_at" ON "shipping_services_tracking_event" ("source", "created_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop index if exists "IDX_shipping_services_shipment_created_at";`
    )
    this.addSql(
      `drop index if exists "IDX_shipping_services_shipment_orphaned_at";`
    )

    this.addSql(
      `drop index if exists "IDX_shipping_services_tracking_event_source_created_at";`
    )
  }
}
