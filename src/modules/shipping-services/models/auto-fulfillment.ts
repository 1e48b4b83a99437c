import { model } from "@medusajs/framework/utils"

/**
 * One row per placed order, claimed atomically by whoever buys its labels, so no two buy at once.
 * `manual`: automatic fulfillment was off; `held`: put aside by an admin; `waiting`: an outage, no attempt spent.
 */
export const AutoFulfillment = model
  .define(
    {
      name: "auto_fulfillment",
      tableName: "shipping_services_auto_fulfillment",
    },
    {
      id: model.id({ prefix: "ssaf" }).primaryKey(),
      order_id: model.text().unique(),
      status: model
        .enum([
          "pending",
          "running",
          "succeeded",
          "failed",
          "skipped",
          "manual",
          "held",
          "waiting",
        ])
        .default("pending"),
      attempts: model.number().default(0),
      next_attempt_at: model.dateTime().nullable(),
      last_error: model.json().nullable(),
      fulfillment_ids: model.json().nullable(),
      lease_owner: model.text().nullable(),
      lease_until: model.dateTime().nullable(),
      /** For Ready to ship's filters (null on rows of earlier versions). */
      option_id: model.text().nullable(),
      lane: model.enum(["domestic", "cross-border"]).nullable(),
      display_id: model.number().nullable(),
      placed_at: model.dateTime().nullable(),
      held_at: model.dateTime().nullable(),
    }
  )
  .indexes([
    { on: ["status", "placed_at"], where: "deleted_at IS NULL" },
    // The retry job's read each minute: due rows only, not every succeeded order.
    {
      name: "IDX_shipping_services_auto_fulfillment_due",
      on: ["next_attempt_at"],
      where: "deleted_at IS NULL AND next_attempt_at IS NOT NULL",
    },
  ])
