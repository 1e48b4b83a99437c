import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261128123743 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "shipping_services_shipment" add column if not exists "rate_choice" jsonb null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "shipping_services_shipment" drop column if exists "rate_choice";`
    )
  }
}
