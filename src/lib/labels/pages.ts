import { labelFileType } from "./files"

/**
 * A label's pages as the plugin's document rows, one a page numbered from 0, all of one
 * version (the reprint count): what the module's storeDocuments keeps.
 */
export function labelPageDocuments(
  ownerId: string,
  version: number,
  format: string | null | undefined,
  pages: readonly (Buffer | string)[]
) {
  const mimeType = labelFileType(format).mimeType
  return pages.map((content, page) => ({
    kind: "label" as const,
    owner_id: ownerId,
    page,
    version,
    mime_type: mimeType,
    format: format ?? null,
    content,
  }))
}
