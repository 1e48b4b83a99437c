import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The retry job reads due rows each minute; an order change now marks succeeded ones, which a shop has most of. */
export class Migration20261129171240 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_services_auto_fulfillment_due" ON "shipping_services_auto_fulfillment" ("next_attempt_at") WHERE deleted_at IS NULL AND next_attempt_at IS NOT NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop index if exists "IDX_shipping_services_auto_fulfillment_due";`
    )
  }
}
