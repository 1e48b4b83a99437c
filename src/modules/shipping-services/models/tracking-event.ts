import { model } from "@medusajs/framework/utils"

/** One tracking notification or polled scan, kept whole; the unique `dedupe_key` makes redelivery a no-op. */
export const TrackingEvent = model
  .define(
    { name: "tracking_event", tableName: "shipping_services_tracking_event" },
    {
      id: model.id({ prefix: "sstev" }).primaryKey(),
      dedupe_key: model.text().unique(),
      kind: model.enum(["tracking", "locker"]).default("tracking"),
      source: model.enum(["webhook", "poll"]).default("webhook"),
      tracking_number: model.text().index(),
      /** Null while unmatched. */
      shipment_id: model.text().index().nullable(),
      package_status: model.text().nullable(),
      event_code: model.text().nullable(),
      /** UTC; null when the notification gave no date. */
      occurred_at: model.dateTime().nullable(),
      description: model.text().nullable(),
      location: model.text().nullable(),
      reference_id: model.text().nullable(),
      payload: model.json(),
      /** Set once applied, whether or not it moved the order. */
      processed_at: model.dateTime().nullable(),
      outcome: model.text().nullable(),
    }
  )
  .indexes([
    { on: ["shipment_id", "occurred_at"], where: "deleted_at IS NULL" },
    // Events stored but not applied yet (re-announced by the polling job).
    {
      on: ["created_at"],
      where: "processed_at IS NULL AND deleted_at IS NULL",
    },
    // The Health section's last hour of webhook deliveries (count, lag).
    { on: ["source", "created_at"], where: "deleted_at IS NULL" },
  ])
