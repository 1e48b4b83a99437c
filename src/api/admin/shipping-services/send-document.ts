import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { DocumentSource } from "../../../modules/shipping-services/service"

/**
 * Database bytes (or a File Module without presigned downloads) are sent, never cached; otherwise a redirect to a
 * short-lived presigned URL, or `{ url }` with `?link=1` since a script cannot follow a cross-origin redirect.
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
