import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type ShippingServicesModuleService from "../../../modules/shipping-services/service"
import type { StoredPrintFiles } from "./store-print-files"
import { shippingOf } from "../../../modules/shipping-services"

/** The batch's print fields and its items' notes as they were. */
export type PrintFilesBefore = {
  batch: {
    id: string
    files: unknown
    print_version: number | null
    print_error: unknown
  }
  notes: { id: string; note: string | null }[]
}

type Journal = Pick<
  ShippingServicesModuleService,
  "listBatches" | "listBatchItems" | "updateBatches" | "updateBatchItems"
>

/** Clears the last print error and writes changed item notes; returns what to put back. */
export async function recordPrintFiles(
  journal: Journal,
  stored: StoredPrintFiles
): Promise<PrintFilesBefore | null> {
  const [batch] = await journal.listBatches(
    { id: stored.batch_id },
    { select: ["id", "files", "print_version", "print_error"] }
  )
  if (!batch) return null
  const items = await journal.listBatchItems(
    { batch_id: stored.batch_id },
    { select: ["id", "note"] }
  )
  const changed = items.filter(
    (i) =>
      i.id in stored.notes && (stored.notes[i.id] ?? null) !== (i.note ?? null)
  )
  const before: PrintFilesBefore = {
    batch: {
      id: batch.id,
      files: batch.files ?? null,
      print_version: batch.print_version ?? null,
      print_error: batch.print_error ?? null,
    },
    notes: changed.map((i) => ({ id: i.id, note: i.note ?? null })),
  }
  await journal.updateBatches({
    id: stored.batch_id,
    files: stored.files as unknown as Record<string, unknown>,
    print_version: stored.version,
    print_error: null,
  })
  if (changed.length)
    await journal.updateBatchItems(
      changed.map((i) => ({ id: i.id, note: stored.notes[i.id] ?? null }))
    )
  return before
}

export async function restorePrintFiles(
  journal: Pick<Journal, "updateBatches" | "updateBatchItems">,
  before: PrintFilesBefore | null | undefined
): Promise<void> {
  if (!before) return
  await journal.updateBatches(before.batch as never)
  if (before.notes.length) await journal.updateBatchItems(before.notes)
}

export const recordPrintFilesStepId = "shipping-services-record-print-files"
export const recordPrintFilesStep = createStep(
  recordPrintFilesStepId,
  async (stored: StoredPrintFiles, { container }) => {
    const shipping = shippingOf(container)
    const before = await recordPrintFiles(shipping, stored)
    return new StepResponse(stored.files, before)
  },
  async (before, { container }) => {
    await restorePrintFiles(shippingOf(container), before)
  }
)
