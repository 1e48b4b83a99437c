import { model } from "@medusajs/framework/utils"
import { VARIANTS } from "../../../shipping-api/constants"

/** One label, or one attempt at it: written "pending" with its transaction id before the request leaves, so a crash never buys twice. */
export const Shipment = model
  .define(
    { name: "shipment", tableName: "shipping_services_shipment" },
    {
      id: model.id({ prefix: "ssship" }).primaryKey(),
      transaction_id: model.text().unique(),
      /** Every transaction id of this parcel, oldest first; a new one only after a 404 on retry. */
      transaction_ids: model.json().nullable(),
      /** Stable key of the request (order, direction, the parcel's lines, its place among the parcels) to recognise repeats. */
      request_key: model.text().index(),
      parcel_index: model.number().default(0),
      parcel_count: model.number().default(1),
      /** What the parcel holds: `{ items: [{ line_item_id, quantity }], weight_oz }` (packing slips, the admin). */
      parcel: model.json().nullable(),
      /** Set while a purchase is in flight, renewed by heartbeat; an expired lease means its process stopped. */
      lease_owner: model.text().nullable(),
      lease_until: model.dateTime().nullable(),
      fulfillment_id: model.text().index().nullable(),
      order_id: model.text().index().nullable(),
      is_return: model.boolean().default(false),
      option_id: model.text(),
      /** shipping-api's list, so the column and the rules agree. */
      variant: model.enum([...VARIANTS]),
      carrier: model.text(),
      service_id: model.text(),
      parcel_type: model.text().nullable(),
      status: model
        .enum(["pending", "created", "failed", "voided"])
        .default("pending"),
      shipment_id: model.text().index().nullable(),
      tracking_number: model.text().index().nullable(),
      tracking_url: model.text().nullable(),
      label_type: model.text().nullable(),
      label_format: model.text().nullable(),
      label_size: model.text().nullable(),
      label_content_type: model.text().nullable(),
      /** Legacy label storage before 0.2; a job moves these into documents. */
      label_files: model.json().nullable(),
      label_pending: model.json().nullable(),
      /** Valid 24 hours. */
      label_source_url: model.text().nullable(),
      charges: model.json().nullable(),
      delivery_commitment: model.json().nullable(),
      /** How a rate-shopping option chose this parcel's service: RateChoice, null when the option does not rate-shop. */
      rate_choice: model.json().nullable(),
      reprint_count: model.number().default(0),
      add_to_manifest: model.boolean().default(false),
      manifest_id: model.text().nullable(),
      voided_at: model.dateTime().nullable(),
      void_status: model.text().nullable(),
      void_reason: model.text().nullable(),
      /** Set once Medusa's fulfillment holds this label; until then recovery treats it as a possible crash leftover. */
      attached_at: model.dateTime().nullable(),
      /** Set when no fulfillment can take this label (bought, then its fulfillment was lost or given up). */
      orphaned_at: model.dateTime().nullable(),
      error: model.json().nullable(),
      /** The sandbox's clock when it made this label; its events are dated on that clock. Null from the real service. */
      sandbox_clock_at: model.dateTime().nullable(),
      tracking_status: model.text().nullable(),
      tracking_status_at: model.dateTime().nullable(),
      estimated_delivery: model.json().nullable(),
      shipped_applied_at: model.dateTime().nullable(),
      delivered_applied_at: model.dateTime().nullable(),
      last_event_at: model.dateTime().nullable(),
      next_poll_at: model.dateTime().nullable(),
      poll_failures: model.number().default(0),
      /** As sent: the commercial invoice must declare what the carrier was told, not what the catalog says later. */
      customs: model.json().nullable(),
      /** When retention removed the label's pages; a reprint stores them again and clears it. */
      documents_removed_at: model.dateTime().nullable(),
      /** Ready to ship lists labels not printed yet. */
      printed_at: model.dateTime().nullable(),
      metadata: model.json().nullable(),
    }
  )
  .indexes([
    { on: ["status", "next_poll_at"], where: "deleted_at IS NULL" },
    {
      on: ["status", "lease_until"],
      where: "deleted_at IS NULL AND status = 'pending'",
    },
    {
      on: ["status", "created_at"],
      where:
        "deleted_at IS NULL AND status = 'created' AND attached_at IS NULL",
    },
    // Labels retention has not removed yet.
    {
      on: ["id"],
      where:
        "deleted_at IS NULL AND documents_removed_at IS NULL AND status IN ('created', 'voided')",
    },
    {
      on: ["order_id", "created_at"],
      where:
        "deleted_at IS NULL AND status = 'created' AND printed_at IS NULL AND is_return = false",
    },
    // The spend report's index is made by its migration: data models cannot declare generated columns.
    { on: ["created_at"], where: "deleted_at IS NULL" },
    {
      on: ["orphaned_at"],
      where: "deleted_at IS NULL AND orphaned_at IS NOT NULL",
    },
  ])
