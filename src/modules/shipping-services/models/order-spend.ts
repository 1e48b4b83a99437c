import { model } from "@medusajs/framework/utils"

/**
 * Per order with labels: its first live label (the spend report counts the shopper's payment
 * there) and what its shopper paid for shipping, as the spend report's REFRESH_SQL computed them
 * from the plugin's labels and Medusa's order tables. Derived data, so that a report over a year
 * reads one index instead of joining Medusa's tables per order. `changes` counts what happened
 * since: a label of the order bought, voided or removed (a trigger on the labels' table), a write
 * of the order in Medusa (its entity events); the next report recomputes those orders.
 */
export const OrderSpend = model
  .define(
    { name: "order_spend", tableName: "shipping_services_order_spend" },
    {
      order_id: model.text().primaryKey(),
      /** Midnight (UTC) of the day the order's first live label was bought; null when none is live. */
      label_day: model.dateTime().nullable(),
      /** That label's service. */
      service_id: model.text().nullable(),
      currency_code: model.text().nullable(),
      /** What the shopper paid for shipping, tax and discounts out; null for a canceled order. */
      shipping: model.bigNumber().nullable(),
      shipping_tax: model.bigNumber().nullable(),
      /** Changes since the figures were computed (0: they are Medusa's and the labels' truth). */
      changes: model.number().default(1),
    }
  )
  .indexes([
    // The report's read: a range of days, grouped in index order, figures from the index alone.
    {
      name: "IDX_shipping_services_order_spend_report",
      on: [
        "label_day",
        "service_id",
        "currency_code",
        "shipping",
        "shipping_tax",
      ],
      where: "deleted_at IS NULL AND shipping IS NOT NULL",
    },
    {
      name: "IDX_shipping_services_order_spend_changed",
      on: ["order_id"],
      where: "deleted_at IS NULL AND changes > 0",
    },
  ])
