import { model } from "@medusajs/framework/utils"

/**
 * A print batch: the orders an admin selected on Ready to ship, their labels bought
 * `http.concurrency` at a time and merged into one print file. The row and its items are the
 * batch's whole state, so a batch whose process stopped is resumed by the resume job from here
 * (src/orchestration/batches/run-batch.ts): `status` says what is left, the lease who works on it.
 */
export const Batch = model
  .define(
    { name: "batch", tableName: "shipping_services_batch" },
    {
      id: model.id({ prefix: "ssbat" }).primaryKey(),
      /** buying: items wait or run; printing: every item settled, the print file is being made; done. */
      status: model.enum(["buying", "printing", "done"]).default("buying"),
      /** buy: labels are bought for the orders; print: the orders are labelled already, only printed. */
      mode: model.enum(["buy", "print"]).default("buy"),
      /** The print library's layout (src/lib/documents/layouts.ts). */
      layout: model.text(),
      packing_slips: model.boolean().default(true),
      commercial_invoices: model.boolean().default(true),
      /** One PDF per kind of document instead of one interleaved PDF. */
      separate: model.boolean().default(false),
      /** Orders selected but refused at creation: `[{ order_id, display_id, reason }]` (nothing bought for them). */
      refused: model.json().nullable(),
      /** The print files of the newest version: `[{ kind, document_id, file_name, mime_type, pages, documents, size }]`. */
      files: model.json().nullable(),
      /** Version of the print files in shipping_services_document (owner = this batch); a new print replaces the last. */
      print_version: model.number().default(0),
      /** Why the print file could not be made, in words. */
      print_error: model.json().nullable(),
      created_by: model.text().nullable(),
      finished_at: model.dateTime().nullable(),
      /** When retention removed the print files (after the last of the batch's labels); `files` stays as their record. */
      files_removed_at: model.dateTime().nullable(),
      /** The process running the batch and until when (renewed while it runs): src/modules/shipping-services/leases.ts. */
      lease_owner: model.text().nullable(),
      lease_until: model.dateTime().nullable(),
    }
  )
  .indexes([
    {
      on: ["status", "lease_until"],
      where: "deleted_at IS NULL AND status <> 'done'",
    },
  ])

/** One order of a batch: waiting, running, done (its labels bought) or failed (the service's words). */
export const BatchItem = model
  .define(
    { name: "batch_item", tableName: "shipping_services_batch_item" },
    {
      id: model.id({ prefix: "ssbit" }).primaryKey(),
      batch_id: model.text().index(),
      /** Place in the admin's selection: the print file follows it. */
      position: model.number().default(0),
      order_id: model.text().index(),
      display_id: model.number().nullable(),
      status: model
        .enum(["waiting", "running", "done", "failed"])
        .default("waiting"),
      /** Last failure: `{ message, status?, codes? }` in the service's words. */
      error: model.json().nullable(),
      attempts: model.number().default(0),
      fulfillment_ids: model.json().nullable(),
      /** The labels this item printed (shipment rows, in parcel order). */
      shipment_ids: model.json().nullable(),
      /** What the print file left out for this order and why (e.g. a ZPL label goes into the .zpl file). */
      note: model.text().nullable(),
    }
  )
  .indexes([{ on: ["batch_id", "status"], where: "deleted_at IS NULL" }])
