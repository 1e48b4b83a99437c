import { model } from "@medusajs/framework/utils"

/**
 * A private file of the plugin: a label page, a manifest, a batch print file. Kept in the
 * plugin's own table and served only by its admin routes, because Medusa's local file provider
 * writes "private" files under its public static folder (any visitor who guesses the name reads
 * them) and labels carry names and addresses. The database is also the one store every server
 * and worker of a cluster shares.
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
      /** Base64 of the file. Never logged, never returned but by the admin routes that serve files. */
      content: model.text(),
      size: model.number(),
    }
  )
  .indexes([
    {
      on: ["kind", "owner_id", "version", "page"],
      where: "deleted_at IS NULL",
    },
  ])
