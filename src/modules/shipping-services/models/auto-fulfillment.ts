import { model } from "@medusajs/framework/utils"

/**
 * The plugin's fulfillment of one placed order: attempts, the last error, and the result. One row
 * per order of this provider, claimed atomically by whoever buys its labels (the automatic path,
 * an admin's retry, a print batch), so no two of them ever buy at once. `manual`: automatic
 * fulfillment was off when the order was placed (an admin ships it); `held`: an admin put it aside
 * (nothing buys it until released); `waiting`: the service was
 * not answering (an outage): no attempt was spent, and it is bought as soon as the
 * service answers again.
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
      /** The process running an attempt and until when (renewed while it runs): the module's leases. */
      lease_owner: model.text().nullable(),
      lease_until: model.dateTime().nullable(),
      /** For Ready to ship's filters and order (set when the row is written; null on rows of earlier versions). */
      option_id: model.text().nullable(),
      lane: model.enum(["domestic", "cross-border"]).nullable(),
      display_id: model.number().nullable(),
      placed_at: model.dateTime().nullable(),
      held_at: model.dateTime().nullable(),
    }
  )
  .indexes([{ on: ["status", "placed_at"], where: "deleted_at IS NULL" }])
