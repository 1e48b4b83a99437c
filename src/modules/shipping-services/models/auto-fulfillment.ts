import { model } from "@medusajs/framework/utils"

/** The automatic fulfilment of one placed order: attempts, the last error, and the result. */
export const AutoFulfillment = model.define(
  { name: "auto_fulfillment", tableName: "shipping_services_auto_fulfillment" },
  {
    id: model.id({ prefix: "ssaf" }).primaryKey(),
    order_id: model.text().unique(),
    status: model.enum(["pending", "running", "succeeded", "failed", "skipped"]).default("pending"),
    attempts: model.number().default(0),
    next_attempt_at: model.dateTime().nullable(),
    last_error: model.json().nullable(),
    fulfillment_ids: model.json().nullable(),
    /** The process running an attempt and until when (renewed while it runs): see src/lib/leases.ts. */
    lease_owner: model.text().nullable(),
    lease_until: model.dateTime().nullable(),
  }
)
