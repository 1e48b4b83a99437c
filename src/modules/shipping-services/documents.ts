import { MedusaModule } from "@medusajs/framework/modules-sdk"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { entityId } from "../../lib/entity-id"
import { labelFileType } from "../../lib/labels/files"
import type { DocumentStorage } from "../../options/schema"

/** `content`: the bytes, or their base64. */
export type NewDocument = {
  kind: "label" | "manifest" | "print"
  owner_id: string
  page?: number
  version?: number
  mime_type: string
  format?: string | null
  content: Buffer | string
}

export type DocumentMeta = {
  id: string
  kind: NewDocument["kind"]
  owner_id: string
  page: number
  version: number
  mime_type: string
  format: string | null
  size: number
  storage: DocumentStorage
  file_id: string | null
  created_at: Date
}

export type FileService = {
  createFiles(data: {
    filename: string
    mimeType: string
    content: string
    access?: "public" | "private"
  }): Promise<{ id: string; url: string }>
  deleteFiles(ids: string[]): Promise<void>
  retrieveFile(id: string): Promise<{ id: string; url: string }>
  getAsBuffer(id: string): Promise<Buffer>
}

/** The admin routes decide how to answer. */
export type DocumentSource =
  | { storage: "database"; bytes: Buffer }
  | { storage: "file"; delivery: "presigned"; url: string }
  | { storage: "file"; delivery: "stream"; bytes: Buffer }

export type MoveReport = {
  moved: number
  failed: { id: string; reason: string }[]
}

const META = `id, kind, owner_id, page, version, mime_type, format, size, storage, file_id, created_at`

/**
 * Document bytes, in a `bytea` column (SQL here: data models have no binary type) or the File Module.
 * The File Module comes from Medusa's registry: this module's container holds no other module.
 */
export class DocumentStore {
  constructor(
    private readonly knex: () => Knex,
    private readonly delivery: () => "presigned" | "stream",
    /** Injectable for tests. */
    private readonly fileModule: () => FileService | undefined = () =>
      (
        MedusaModule.getModuleInstance(Modules.FILE) as
          Record<string, FileService> | undefined
      )?.[Modules.FILE]
  ) {}

  files(): FileService {
    const files = this.fileModule()
    if (!files)
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        'Medusa\'s File Module is not loaded: documents kept in it (documents.storage "file") cannot be read, moved or removed'
      )
    return files
  }

  /** In `trx` when given. */
  async insert(
    documents: NewDocument[],
    trx?: Knex.Transaction
  ): Promise<string[]> {
    if (!documents.length) return []
    const rows = documents.map((d) => {
      const bytes = bytesOf(d.content)
      return {
        id: entityId("ssdoc"),
        kind: d.kind,
        owner_id: d.owner_id,
        page: d.page ?? 0,
        version: d.version ?? 0,
        mime_type: d.mime_type,
        format: d.format ?? null,
        size: bytes.length,
        storage: "database",
        content: bytes,
      }
    })
    const query = this.knex()("shipping_services_document").insert(rows)
    await (trx ? query.transacting(trx) : query)
    return rows.map((r) => r.id)
  }

  async meta(ids: string[]): Promise<DocumentMeta[]> {
    if (!ids.length) return []
    const { rows } = await this.knex().raw(
      `select ${META} from shipping_services_document where id = any(?)`,
      [ids]
    )
    return rows as DocumentMeta[]
  }

  /** NOT_FOUND when removed meanwhile. */
  async bytes(id: string): Promise<Buffer> {
    const { rows } = await this.knex().raw(
      `select storage, file_id, content from shipping_services_document where id = ?`,
      [id]
    )
    const row = rows[0] as
      | {
          storage: DocumentStorage
          file_id: string | null
          content: Buffer | null
        }
      | undefined
    if (!row)
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Document ${id} does not exist (removed)`
      )
    if (row.storage === "database") return row.content as Buffer
    return toBuffer(await this.files().getAsBuffer(row.file_id as string))
  }

  async source(id: string): Promise<DocumentSource> {
    const [meta] = await this.meta([id])
    if (!meta)
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Document ${id} does not exist (removed)`
      )
    if (meta.storage === "database")
      return { storage: "database", bytes: await this.bytes(id) }
    if (this.delivery() === "stream")
      return {
        storage: "file",
        delivery: "stream",
        bytes: await this.bytes(id),
      }
    const { url } = await this.files().retrieveFile(meta.file_id as string)
    return { storage: "file", delivery: "presigned", url }
  }

  /** One query (plus files). */
  async labelPages(ownerIds: string[]): Promise<Map<string, Buffer[]>> {
    const out = new Map<string, Buffer[]>()
    if (!ownerIds.length) return out
    const { rows } = await this.knex().raw(
      `select d.owner_id, d.page, d.storage, d.file_id, d.content
         from shipping_services_document d
        where d.kind = 'label' and d.owner_id = any(?)
          and d.version = (select max(version) from shipping_services_document n
                            where n.kind = 'label' and n.owner_id = d.owner_id)
        order by d.owner_id, d.page`,
      [ownerIds]
    )
    for (const r of rows as {
      owner_id: string
      storage: DocumentStorage
      file_id: string | null
      content: Buffer | null
    }[]) {
      const bytes =
        r.storage === "database"
          ? (r.content as Buffer)
          : toBuffer(await this.files().getAsBuffer(r.file_id as string))
      const pages = out.get(r.owner_id) ?? []
      pages.push(bytes)
      out.set(r.owner_id, pages)
    }
    return out
  }

  /** Files first, then rows: a crash between leaves rows the next removal finishes, never an unknown file. */
  async remove(ids: string[]): Promise<number> {
    if (!ids.length) return 0
    const metas = await this.meta(ids)
    const fileIds = metas
      .filter((m) => m.storage === "file" && m.file_id)
      .map((m) => m.file_id as string)
    if (fileIds.length) await this.files().deleteFiles(fileIds)
    return this.knex()("shipping_services_document")
      .whereIn(
        "id",
        metas.map((m) => m.id)
      )
      .delete()
  }

  /**
   * Oldest first, at most `limit` (or exactly `ids`). Each move is a compare-and-set, so a document removed
   * or moved by another process keeps its state and our copy is deleted again.
   */
  async move(
    target: DocumentStorage,
    { ids, limit = 100 }: { ids?: string[]; limit?: number } = {}
  ): Promise<MoveReport> {
    const from: DocumentStorage = target === "file" ? "database" : "file"
    const { rows } = await this.knex().raw(
      `select ${META} from shipping_services_document
        where storage = ? ${ids ? "and id = any(?)" : ""}
        order by created_at, id limit ?`,
      ids ? [from, ids, limit] : [from, limit]
    )
    const report: MoveReport = { moved: 0, failed: [] }
    for (const doc of rows as DocumentMeta[]) {
      try {
        const moved =
          target === "file"
            ? await this.moveToFile(doc)
            : await this.moveToDatabase(doc)
        if (moved) report.moved++
      } catch (error) {
        report.failed.push({ id: doc.id, reason: (error as Error).message })
      }
    }
    return report
  }

  private async moveToFile(doc: DocumentMeta): Promise<boolean> {
    const files = this.files()
    const bytes = await this.bytes(doc.id)
    const file = await files.createFiles({
      filename: fileNameOf(doc),
      mimeType: doc.mime_type,
      content: bytes.toString("base64"),
      access: "private",
    })
    let updated: number
    try {
      updated = await this.knex()("shipping_services_document")
        .where({ id: doc.id, storage: "database" })
        .update({
          storage: "file",
          file_id: file.id,
          content: null,
          updated_at: this.knex().fn.now(),
        })
    } catch (error) {
      await files.deleteFiles([file.id]).catch(() => undefined)
      throw error
    }
    if (!updated) await files.deleteFiles([file.id])
    return updated > 0
  }

  private async moveToDatabase(doc: DocumentMeta): Promise<boolean> {
    const files = this.files()
    const bytes = toBuffer(await files.getAsBuffer(doc.file_id as string))
    const updated = await this.knex()("shipping_services_document")
      .where({ id: doc.id, storage: "file", file_id: doc.file_id })
      .update({
        storage: "database",
        file_id: null,
        content: bytes,
        size: bytes.length,
        updated_at: this.knex().fn.now(),
      })
    if (updated) await files.deleteFiles([doc.file_id as string])
    return updated > 0
  }
}

/** Base64 (as the service answers labels) or bytes. */
export function bytesOf(content: Buffer | string): Buffer {
  return Buffer.isBuffer(content) ? content : Buffer.from(content, "base64")
}

function toBuffer(value: unknown): Buffer {
  return Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array)
}

/** Kind and owner id, never a name or an address. */
export function fileNameOf(
  doc: Pick<
    DocumentMeta,
    "kind" | "owner_id" | "version" | "page" | "format" | "mime_type"
  >
): string {
  const ext =
    doc.kind === "label"
      ? labelFileType(doc.format).extension
      : doc.mime_type === "application/pdf"
        ? "pdf"
        : doc.format?.toUpperCase() === "ZPL2"
          ? "zpl"
          : "bin"
  const owner = doc.owner_id.replace(/[^A-Za-z0-9_-]/g, "")
  return `shipping-services/${doc.kind}/${owner}-v${doc.version}-p${doc.page}.${ext}`
}
