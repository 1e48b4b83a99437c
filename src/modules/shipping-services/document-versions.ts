import type { DocumentStore, NewDocument } from "./documents"
import type { DocumentStorage } from "../../options/schema"

/** A page of a stored file, without its bytes. */
export type DocumentPage = {
  id: string
  page: number
  version: number
  mime_type: string
  format: string | null
  size: number
  storage: DocumentStorage
}

export type DocumentList = (
  filters: Record<string, unknown>,
  config: { select: string[]; order?: Record<string, "ASC" | "DESC"> }
) => Promise<(DocumentPage & { owner_id: string })[]>

/** Versions of the plugin's files (a reprint adds one): read through the ORM; bytes are DocumentStore's. */
export class DocumentVersions {
  constructor(
    private readonly listDocuments: DocumentList,
    private readonly documents: DocumentStore
  ) {}

  /** Metadata only, page order; `version` picks an older one. */
  async pages(
    kind: NewDocument["kind"],
    ownerId: string
  ): Promise<DocumentPage[]> {
    const rows = await this.listDocuments(
      { kind, owner_id: ownerId },
      {
        select: [
          "id",
          "page",
          "version",
          "mime_type",
          "format",
          "size",
          "storage",
        ],
        order: { version: "DESC", page: "ASC" },
      }
    )
    const newest = rows[0]?.version
    return rows.filter((r) => r.version === newest)
  }

  /** Rows and files of versions older than the newest. */
  async prune(
    kind: NewDocument["kind"],
    ownerId: string,
    keepVersion: number
  ): Promise<void> {
    const old = await this.listDocuments(
      { kind, owner_id: ownerId, version: { $lt: keepVersion } },
      { select: ["id"] }
    )
    await this.documents.remove(old.map((d) => d.id))
  }

  /** Compensation of storing a version: its rows and files. */
  async deleteVersion(
    kind: NewDocument["kind"],
    ownerId: string,
    version: number
  ): Promise<void> {
    const pages = await this.listDocuments(
      { kind, owner_id: ownerId, version },
      { select: ["id"] }
    )
    await this.documents.remove(pages.map((d) => d.id))
  }

  async labelPageCounts(shipmentIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>()
    if (!shipmentIds.length) return counts
    const rows = await this.listDocuments(
      { kind: "label", owner_id: shipmentIds },
      { select: ["owner_id", "version"], order: { version: "DESC" } }
    )
    const newest = new Map<string, number>()
    for (const r of rows) {
      if (!newest.has(r.owner_id)) newest.set(r.owner_id, r.version)
      if (newest.get(r.owner_id) === r.version)
        counts.set(r.owner_id, (counts.get(r.owner_id) ?? 0) + 1)
    }
    return counts
  }
}
