import { model } from "@medusajs/framework/utils"

/** A print batch; the row and its items are its whole state, so a stopped batch resumes from here. */
export const Batch = model
  .define(
    { name: "batch", tableName: "shipping_services_batch" },
    {
      id: model.id({ prefix: "ssbat" }).primaryKey(),
      /** buying: items wait or run; printing: every item settled, the print file is being made; done. */
      status: model.enum(["buying", "printing", "done"]).default("buying"),
      /** buy: labels are bought for the orders; print: the orders are labelled already, only printed. */
      mode: model.enum(["buy", "print"]).default("buy"),
      layout: model.text(),
      packing_slips: model.boolean().default(true),
      commercial_invoices: model.boolean().default(true),
      separate: model.boolean().default(false),
      /** Orders selected but refused at creation: `[{ order_id, display_id, reason }]` (nothing bought for them). */
      refused: model.json().nullable(),
      /** The print files of the newest version: `[{ kind, document_id, file_name, mime_type, pages, documents, size }]`. */
      files: model.json().nullable(),
      /** Version of the print files in shipping_services_document (owner = this batch); a new print replaces the last. */
      print_version: model.number().default(0),
      print_error: model.json().nullable(),
      created_by: model.text().nullable(),
      finished_at: model.dateTime().nullable(),
      /** When retention removed the print files (after the last of the batch's labels); `files` stays as their record. */
      files_removed_at: model.dateTime().nullable(),
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
      /** The print file follows the admin's selection order. */
      position: model.number().default(0),
      order_id: model.text().index(),
      display_id: model.number().nullable(),
      status: model
        .enum(["waiting", "running", "done", "failed"])
        .default("waiting"),
      error: model.json().nullable(),
      attempts: model.number().default(0),
      fulfillment_ids: model.json().nullable(),
      shipment_ids: model.json().nullable(),
      /** What the print file left out for this order and why (e.g. a ZPL label goes into the .zpl file). */
      note: model.text().nullable(),
    }
  )
  .indexes([{ on: ["batch_id", "status"], where: "deleted_at IS NULL" }])
