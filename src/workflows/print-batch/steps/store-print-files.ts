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

/** A batch's print files stored as a new version; small, so it can pass between steps. */
export type StoredPrintFiles = {
  batch_id: string
  version: number
  files: BatchFile[]
  /** Per item: what the files say of its order (left out, in the .zpl file…), or null. */
  notes: Record<string, string | null>
}

export const storePrintFilesStepId = "shipping-services-store-print-files"
/**
 * Makes the batch's print files from its done items (composePrintFiles) and stores them as the
 * next version of its private documents (kind "print", owner = the batch), in one transaction.
 * Made inside the step, so the files' bytes never enter the workflow's checkpoint. Compensation
 * deletes that version: the batch's row still names the previous one, which stays servable. A
 * run killed between this step and the next leaves pages nobody names; the next run replaces them.
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
    // Pages of this version that a run killed before the batch named them left behind: nothing
    // serves them, and they would stand beside the new ones (the batch's lease makes this run
    // the only one).
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
