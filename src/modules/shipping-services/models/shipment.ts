import { model } from "@medusajs/framework/utils"
import { VARIANTS } from "../../../shipping-api/constants"

/**
 * One label bought from the service (doc 2), or one attempt at buying it. The row is written
 * with status "pending" and its transaction id before the create request leaves (doc 2 rule 4,
 * shared/spec/4), so a crash or a 500 never leads to a second label for the same parcel.
 */
export const Shipment = model
  .define(
    { name: "shipment", tableName: "shipping_services_shipment" },
    {
      id: model.id({ prefix: "ssship" }).primaryKey(),
      /** X-Vendor-TransactionId of the create that is (or was last) in flight. */
      transaction_id: model.text().unique(),
      /** Every transaction id used for this parcel, oldest first (new ids only after a 404 on retry). */
      transaction_ids: model.json().nullable(),
      /** Stable key of the request (order, direction, the parcel's lines, its place among the parcels) to recognise repeats. */
      request_key: model.text().index(),
      /** This parcel's place among the parcels of its fulfillment (0-based) and their number. */
      parcel_index: model.number().default(0),
      parcel_count: model.number().default(1),
      /** What the parcel holds: `{ items: [{ line_item_id, quantity }], weight_oz }` (packing slips, the admin). */
      parcel: model.json().nullable(),
      /**
       * Who is working on this row, until when: set while a purchase is in flight (and briefly after,
       * while Medusa stores the fulfillment), renewed by the owner's heartbeat. A row whose lease ran
       * out belongs to a process that stopped: another may settle it (the module's leases).
       */
      lease_owner: model.text().nullable(),
      lease_until: model.dateTime().nullable(),
      fulfillment_id: model.text().index().nullable(),
      order_id: model.text().index().nullable(),
      is_return: model.boolean().default(false),
      option_id: model.text(),
      /** The four variants of doc 2 (shipping-api's list, so the column and the rules agree). */
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
      /**
       * Legacy storage of versions before 0.2: `{ ids: [File module ids] }` and `{ pages: [base64] }`.
       * Labels now live in shipping_services_document; the store-pending-labels job moves these there.
       */
      label_files: model.json().nullable(),
      label_pending: model.json().nullable(),
      /** The service's own label URL (valid 24 hours, doc 2 Limits). */
      label_source_url: model.text().nullable(),
      /** Charges from the response: base, total, tax, duty, currency, surcharges, special services. */
      charges: model.json().nullable(),
      delivery_commitment: model.json().nullable(),
      /** How a rate-shopping option chose this parcel's service: RateChoice, null when the option does not rate-shop. */
      rate_choice: model.json().nullable(),
      reprint_count: model.number().default(0),
      add_to_manifest: model.boolean().default(false),
      manifest_id: model.text().nullable(),
      voided_at: model.dateTime().nullable(),
      void_status: model.text().nullable(),
      /** Why it was voided when the plugin did it on its own ("orphan"), else null. */
      void_reason: model.text().nullable(),
      /**
       * When Medusa's fulfillment was seen holding this label (its fulfillment workflow finished and
       * linked it). Until then a label may be a crash's leftover: recovery looks at those only.
       */
      attached_at: model.dateTime().nullable(),
      /** Set when no fulfillment can take this label (bought, then its fulfillment was lost or given up). */
      orphaned_at: model.dateTime().nullable(),
      /** Last failure: { message, status, codes[] } in words a merchant can act on. */
      error: model.json().nullable(),
      /**
       * The sandbox's clock when it made this label (the X-Shipping-Services-Sandbox header of its
       * answer); null when the real service made it. Its
       * events are dated on that clock (tracking's plausibility rule), and the admin marks
       * the label as a sandbox one.
       */
      sandbox_clock_at: model.dateTime().nullable(),
      /** Latest package status (doc 3) and the time of the event that set it. */
      tracking_status: model.text().nullable(),
      tracking_status_at: model.dateTime().nullable(),
      estimated_delivery: model.json().nullable(),
      shipped_applied_at: model.dateTime().nullable(),
      delivered_applied_at: model.dateTime().nullable(),
      last_event_at: model.dateTime().nullable(),
      next_poll_at: model.dateTime().nullable(),
      poll_failures: model.number().default(0),
      /**
       * The request's customs and addresses `{ customs, fromAddress, toAddress }` as sent (doc 2):
       * the commercial invoice printed with the label must declare what the carrier was told, not
       * what the catalog says later.
       */
      customs: model.json().nullable(),
      /**
       * When retention removed this label's pages (documents.keepDays after the parcel was delivered,
       * voided or returned); the row, its tracking and charges stay. A reprint stores the label
       * again and clears it.
       */
      documents_removed_at: model.dateTime().nullable(),
      /** When the label went into a print file an admin downloaded (Ready to ship lists labels not printed yet). */
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
    // The spend report's index is made by its migration: it covers generated columns (the label's
    // money out of `charges`, its UTC day), which data models cannot declare.
    // The Health section's last hour of purchases, and its orphans.
    { on: ["created_at"], where: "deleted_at IS NULL" },
    {
      on: ["orphaned_at"],
      where: "deleted_at IS NULL AND orphaned_at IS NOT NULL",
    },
  ])
