import { model } from "@medusajs/framework/utils"

/**
 * Derived per-order spend figures, so a year's report reads one index instead of joining Medusa's tables.
 * `changes` counts label and order writes since; the next report recomputes those orders.
 */
export const OrderSpend = model
  .define(
    { name: "order_spend", tableName: "shipping_services_order_spend" },
    {
      order_id: model.text().primaryKey(),
      /** Midnight (UTC) of the day the order's first live label was bought; null when none is live. */
      label_day: model.dateTime().nullable(),
      service_id: model.text().nullable(),
      currency_code: model.text().nullable(),
      /** What the shopper paid for shipping, tax and discounts out; null for a canceled order. */
      shipping: model.bigNumber().nullable(),
      shipping_tax: model.bigNumber().nullable(),
      /** 0: the figures match Medusa's and the labels' truth. */
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
