import { model } from "@medusajs/framework/utils"

/** This store's webhook configuration at the service (doc 1), one per webhook type. */
export const WebhookRegistration = model.define(
  {
    name: "webhook_registration",
    tableName: "shipping_services_webhook_registration",
  },
  {
    id: model.id({ prefix: "sswh" }).primaryKey(),
    type: model.enum(["tracking", "locker"]).unique(),
    config_id: model.text().nullable(),
    name: model.text(),
    url: model.text(),
    events: model.json(),
    status: model.text().default("active"),
    header_name: model.text(),
    /** The custom authParams apiKey the service sends back to us. Secret: never logged or returned. */
    api_key: model.text(),
    /** The key before the last rotation, still accepted for a short grace period. Secret. */
    previous_api_key: model.text().nullable(),
    time_out: model.number(),
    synced_at: model.dateTime().nullable(),
    key_rotated_at: model.dateTime().nullable(),
    last_delivery_at: model.dateTime().nullable(),
    last_error: model.json().nullable(),
  }
)
