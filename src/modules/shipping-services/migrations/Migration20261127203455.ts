import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261127203455 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "shipping_services_auto_fulfillment" drop constraint if exists "shipping_services_auto_fulfillment_status_check";`
    )

    this.addSql(
      `alter table if exists "shipping_services_auto_fulfillment" add constraint "shipping_services_auto_fulfillment_status_check" check("status" in ('pending', 'running', 'succeeded', 'failed', 'skipped', 'manual', 'held', 'waiting'));`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "shipping_services_auto_fulfillment" drop constraint if exists "shipping_services_auto_fulfillment_status_check";`
    )

    this.addSql(
      `alter table if exists "shipping_services_auto_fulfillment" add constraint "shipping_services_auto_fulfillment_status_check" check("status" in ('pending', 'running', 'succeeded', 'failed', 'skipped', 'manual', 'held'));`
    )
  }
}
