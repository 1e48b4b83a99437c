import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261125143023 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "shipping_services_shipment" add column if not exists "sandbox_clock_at" timestamptz null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "shipping_services_shipment" drop column if exists "sandbox_clock_at";`
    )
  }
}
