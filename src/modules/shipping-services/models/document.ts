import { model } from "@medusajs/framework/utils"

/**
 * A private file of the plugin: a label page, a manifest, a batch print file. Served only by its
 * admin routes, because labels carry names and addresses.
 *
 * Where the bytes are (`storage`, option `documents.storage`):
 * - `database`: in the `content` column, as `bytea`. Medusa's data model language has no binary
 *   property, so `content` is not declared here: the migration (Migration20261125143000) creates
 *   it, a check keeps it set exactly for these rows, and the module reads and writes it with its
 *   own SQL (service.ts), which also keeps it out of every generated list/retrieve.
 * - `file`: in Medusa's File Module as a private file (`file_id`, its key), downloaded by
 *   presigned URL; `content` is null.
 *
 * A document is never soft-deleted (a check refuses `deleted_at`): removing one deletes its row,
 * so its bytes are gone, not hidden.
 */
export const Document = model
  .define(
    { name: "document", tableName: "shipping_services_document" },
    {
      id: model.id({ prefix: "ssdoc" }).primaryKey(),
      kind: model.enum(["label", "manifest", "print"]),
      /** The shipment (label), the manifest id (manifest) or the print batch (print). */
      owner_id: model.text(),
      /** Page of a multi-page label; 0 for single files. */
      page: model.number().default(0),
      /** A reprint stores a new version; the newest is served. */
      version: model.number().default(0),
      mime_type: model.text(),
      /** Label or print format (PDF, PNG, ZPL2, GIF). */
      format: model.text().nullable(),
      /** Bytes of the file. */
      size: model.number(),
      storage: model.enum(["database", "file"]).default("database"),
      /** The File Module's id (key) of the file when `storage` is `file`. */
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
