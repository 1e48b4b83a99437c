import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { DocumentStore } from "./documents"

/** When a parcel's life ended (voided, delivered, returned to sender) in SQL over row `s`; null while it travels. */
export const PARCEL_ENDED_AT_SQL = `coalesce(s.voided_at, s.delivered_applied_at,
  case when s.tracking_status in ('Delivered', 'ReturnToSender') then s.tracking_status_at end)`

export type RemovedBatch = {
  owners: string[]
  documents: number
  lockMs: number
}

/**
 * Document retention in bounded batches: pick owners without locking, delete their files, then rows and marks
 * in one short transaction, so nothing waits on more than one batch's rows.
 */
export class DocumentRetention {
  constructor(
    private readonly knex: () => Knex,
    private readonly documents: DocumentStore
  ) {}

  /** A reprint on or after `cutoff` keeps its label a full period. */
  async dueLabels(cutoff: Date, limit: number, after = ""): Promise<string[]> {
    const { rows } = await this.knex().raw(
      `select s.id from shipping_services_shipment s
        where s.deleted_at is null and s.documents_removed_at is null
          and s.status in ('created', 'voided') and s.id > ?
          and ${PARCEL_ENDED_AT_SQL} < ?
          and not exists (select 1 from shipping_services_document d
                           where d.kind = 'label' and d.owner_id = s.id and d.created_at >= ?)
        order by s.id limit ?`,
      [after, cutoff, cutoff, limit]
    )
    return (rows as { id: string }[]).map((r) => r.id)
  }

  async removeLabels(
    shipmentIds: string[],
    cutoff: Date
  ): Promise<RemovedBatch> {
    return this.removeOwned("label", shipmentIds, cutoff, async (trx, now) => {
      await trx.raw(
        // Legacy pages kept on the row and the service's URL go too.
        `update shipping_services_shipment s
            set documents_removed_at = ?, label_pending = null, label_source_url = null, updated_at = now()
          where s.id = any(?) and s.documents_removed_at is null
            and not exists (select 1 from shipping_services_document d
                             where d.kind = 'label' and d.owner_id = s.id)`,
        [now, shipmentIds]
      )
    })
  }

  /** Only once every label they printed is removed: the print file holds the same labels and addresses. */
  async dueBatches(cutoff: Date, limit: number, after = ""): Promise<string[]> {
    const { rows } = await this.knex().raw(
      `select b.id from shipping_services_batch b
        where b.deleted_at is null and b.status = 'done' and b.files_removed_at is null
          and b.id > ? and coalesce(b.finished_at, b.updated_at) < ?
          and not exists (select 1 from shipping_services_document d
                           where d.kind = 'print' and d.owner_id = b.id and d.created_at >= ?)
          and not exists (
            select 1 from shipping_services_batch_item i
              cross join lateral jsonb_array_elements_text(
                case when jsonb_typeof(i.shipment_ids -> 'ids') = 'array'
                     then i.shipment_ids -> 'ids' else '[]'::jsonb end) as sid(id)
              join shipping_services_shipment s on s.id = sid.id
             where i.batch_id = b.id and i.deleted_at is null and s.deleted_at is null
               and s.status in ('created', 'voided') and s.documents_removed_at is null)
        order by b.id limit ?`,
      [after, cutoff, cutoff, limit]
    )
    return (rows as { id: string }[]).map((r) => r.id)
  }

  async removeBatchFiles(
    batchIds: string[],
    cutoff: Date
  ): Promise<RemovedBatch> {
    return this.removeOwned("print", batchIds, cutoff, async (trx, now) => {
      await trx.raw(
        `update shipping_services_batch b set files_removed_at = ?, updated_at = now()
          where b.id = any(?) and b.files_removed_at is null
            and not exists (select 1 from shipping_services_document d
                             where d.kind = 'print' and d.owner_id = b.id)`,
        [now, batchIds]
      )
    })
  }

  private async removeOwned(
    kind: "label" | "print",
    owners: string[],
    cutoff: Date,
    mark: (trx: Knex.Transaction, now: Date) => Promise<void>
  ): Promise<RemovedBatch> {
    if (!owners.length) return { owners, documents: 0, lockMs: 0 }
    const knex = this.knex()
    const { rows } = await knex.raw(
      `select id, storage, file_id from shipping_services_document
        where kind = ? and owner_id = any(?) and created_at < ?`,
      [kind, owners, cutoff]
    )
    const docs = rows as {
      id: string
      storage: string
      file_id: string | null
    }[]
    const fileIds = docs
      .filter((d) => d.storage === "file" && d.file_id)
      .map((d) => d.file_id as string)
    // Files first: a crash after leaves rows the next run removes, never a file no row names.
    if (fileIds.length) await this.documents.files().deleteFiles(fileIds)
    const started = process.hrtime.bigint()
    let deleted = 0
    await knex.transaction(async (trx) => {
      if (docs.length)
        deleted = await trx("shipping_services_document")
          .whereIn(
            "id",
            docs.map((d) => d.id)
          )
          .delete()
      await mark(trx, new Date())
    })
    const lockMs = Number(process.hrtime.bigint() - started) / 1e6
    return { owners, documents: deleted, lockMs }
  }
}
