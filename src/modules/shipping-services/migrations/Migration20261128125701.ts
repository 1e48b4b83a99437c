import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261128125701 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_shipment_created_at_service_id" ON "shipping_services_shipment" ("created_at", "service_id") WHERE deleted_at IS NULL AND is_return = false AND status IN ('created', 'voided');`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop index if exists "IDX_shipping_services_shipment_created_at_service_id";`
    )
  }
}
