import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { DocumentSource } from "../../../modules/shipping-services/service"

/**
 * Answers a stored document to an admin (the route checked the session already):
 * - kept in the database, or in a File Module provider without presigned downloads (file-local
 *   with a private folder): the bytes, never cached;
 * - kept in the File Module (documents.storage "file", e.g. S3): a redirect to a short-lived
 *   presigned URL of that one file, or, with `?link=1` (what the admin's own pages ask, as a
 *   cross-origin redirect cannot be followed by a script), `{ url }` as JSON. The file itself is
 *   private: without the signed URL the storage refuses it.
 */
export function sendDocument(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse,
  source: DocumentSource,
  file: { mimeType: string; fileName: string; download: boolean }
): void {
  const { link } = (req.validatedQuery ?? {}) as { link?: "0" | "1" }
  res.setHeader("Cache-Control", "private, no-store")
  if (source.storage === "file" && source.delivery === "presigned") {
    if (link === "1") {
      res.status(200).json({ url: source.url, file_name: file.fileName })
      return
    }
    res.redirect(302, source.url)
    return
  }
  res.setHeader("Content-Type", file.mimeType)
  res.setHeader(
    "Content-Disposition",
    `${file.download ? "attachment" : "inline"}; filename="${file.fileName}"`
  )
  res.setHeader("X-Content-Type-Options", "nosniff")
  res.status(200).send(source.bytes)
}
