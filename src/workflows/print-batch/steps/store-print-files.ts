import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { loadBatch } from "./load-batch"
import {
  batchFileName,
  type BatchFile,
  type BatchItemRow,
  type BatchRow,
} from "../../../lib/batches/views"
import { composePrintFiles } from "./print-files"
import { shippingOf } from "../../../modules/shipping-services"

/** Small, so it can pass between steps. */
export type StoredPrintFiles = {
  batch_id: string
  version: number
  files: BatchFile[]
  /** Null when nothing to say. */
  notes: Record<string, string | null>
}

export const storePrintFilesStepId = "shipping-services-store-print-files"
/**
 * Made inside the step so the bytes never enter the workflow's checkpoint; stored as the next version in one
 * transaction. Compensation deletes it; the batch still names the previous one.
 */
export const storePrintFilesStep = createStep(
  storePrintFilesStepId,
  async (input: { batch_id: string }, { container }) => {
    const shipping = shippingOf(container)
    const batch = await loadBatch(shipping, input.batch_id)
    const items = (await shipping.listBatchItems(
      { batch_id: batch.id },
      { order: { position: "ASC" } }
    )) as unknown as BatchItemRow[]
    const { layout, outputs, notes } = await composePrintFiles(
      container,
      batch as unknown as BatchRow,
      items
    )
    const version = (batch.print_version ?? 0) + 1
    // Leftovers of a run killed before the batch named them; the lease makes this run the only one.
    await shipping.versions().deleteVersion("print", batch.id, version)
    await shipping.journal().storeDocuments(
      outputs.map((o, page) => ({
        kind: "print" as const,
        owner_id: batch.id,
        page,
        version,
        mime_type: o.mime,
        format: o.format,
        content: Buffer.from(
          o.bytes.buffer,
          o.bytes.byteOffset,
          o.bytes.byteLength
        ).toString("base64"),
      }))
    )
    const stored = await shipping.versions().pages("print", batch.id)
    const files: BatchFile[] = outputs.map((o, page) => ({
      kind: o.kind,
      document_id:
        stored.find((d) => d.page === page && d.version === version)?.id ?? "",
      file_name: batchFileName(batch.id, o.kind),
      mime_type: o.mime,
      pages: o.pages,
      documents: o.documents,
      size: o.bytes.byteLength,
      layout: o.kind === "zpl" ? null : layout,
    }))
    const result: StoredPrintFiles = {
      batch_id: batch.id,
      version,
      files,
      notes: Object.fromEntries(notes),
    }
    return new StepResponse(result, { batch_id: batch.id, version })
  },
  async (made, { container }) => {
    if (!made) return
    const shipping = shippingOf(container)
    await shipping
      .versions()
      .deleteVersion("print", made.batch_id, made.version)
  }
)
