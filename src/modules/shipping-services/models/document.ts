import { model } from "@medusajs/framework/utils"

/**
 * A private file (label page, manifest, print file), served only by admin routes: labels carry addresses.
 * `database`: bytes in a `bytea` column `content` the data model cannot declare (created by migration, read by own SQL).
 * `file`: a private File Module file (`file_id`). Never soft-deleted, so removed bytes are gone, not hidden.
 */
export const Document = model
  .define(
    { name: "document", tableName: "shipping_services_document" },
    {
      id: model.id({ prefix: "ssdoc" }).primaryKey(),
      kind: model.enum(["label", "manifest", "print"]),
      /** The shipment (label), the manifest id (manifest) or the print batch (print). */
      owner_id: model.text(),
      page: model.number().default(0),
      /** A reprint stores a new version; the newest is served. */
      version: model.number().default(0),
      mime_type: model.text(),
      format: model.text().nullable(),
      size: model.number(),
      storage: model.enum(["database", "file"]).default("database"),
      file_id: model.text().nullable(),
    }
  )
  .indexes([
    {
      on: ["kind", "owner_id", "version", "page"],
      where: "deleted_at IS NULL",
    },
    // Documents still in the database while documents.storage is "file" (moved by a job).
    { on: ["created_at"], where: "storage = 'database'" },
  ])
  .checks([
    {
      name: "shipping_services_document_file_id_check",
      expression: "(storage = 'file') = (file_id IS NOT NULL)",
    },
    {
      name: "shipping_services_document_never_soft_deleted",
      expression: "deleted_at IS NULL",
    },
  ])
