import type { MedusaContainer } from "@medusajs/framework/types"
import {
  idsOf,
  type BatchFile,
  type BatchItemRow,
  type BatchRow,
} from "../../../lib/batches/views"
import { printOrderOf } from "../../../lib/batches/print-order"
import {
  createPrintBatch,
  isPrintLayout,
  PrintInputError,
  zplFilesOf,
  type PrintFile,
  type PrintLayout,
} from "../../../lib/documents"
import { messageOf } from "../../../lib/errors"
import { printInputsOf } from "./order-documents"

export type PrintOutput = {
  kind: BatchFile["kind"]
  mime: string
  format: string
  bytes: Uint8Array
  pages: number
  documents: number
}

/** Selection order: one PDF (or one per kind) and one .zpl file. An order the print library refuses is noted and left out. */
export async function composePrintFiles(
  container: MedusaContainer,
  batch: BatchRow,
  items: BatchItemRow[]
): Promise<{
  layout: PrintLayout
  outputs: PrintOutput[]
  notes: Map<string, string | null>
}> {
  const layout: PrintLayout = isPrintLayout(batch.layout) ? batch.layout : "4x6"
  const pdf = createPrintBatch({
    layout,
    include: {
      labels: true,
      packingSlips: batch.packing_slips,
      commercialInvoices: batch.commercial_invoices,
    },
    separate: batch.separate,
    title: batch.id,
  })
  const zpl: Uint8Array[] = []
  let zplLabels = 0
  const notes = new Map<string, string | null>()
  const done = items
    .filter((i) => i.status === "done")
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
  const toPrint = done.map((i) => ({
    orderId: i.order_id,
    key: i.id,
    shipmentIds: idsOf(i.shipment_ids),
  }))
  for await (const { key, input } of printInputsOf(container, toPrint)) {
    const { pdf: order, zpl: zplOrder } = printOrderOf(input)
    const note: string[] = []
    if (!input.labels.length) note.push("no stored label was found for it")
    try {
      await pdf.add(order)
    } catch (error) {
      if (!(error instanceof PrintInputError)) throw error
      note.push(`left out of the PDF: ${error.field}: ${error.message}`)
    }
    if (zplOrder) {
      try {
        const chunks = zplFilesOf(zplOrder)
        zpl.push(...chunks)
        zplLabels += chunks.length
        note.push(`its ZPL label is in the .zpl file`)
      } catch (error) {
        note.push(`left out of the .zpl file: ${messageOf(error)}`)
      }
    }
    notes.set(key as string, note.length ? note.join("; ") : null)
  }
  const result = await pdf.finish()
  const outputs: PrintOutput[] = result.files.map((f: PrintFile) => ({
    kind: f.kind,
    mime: "application/pdf",
    format: "PDF",
    bytes: f.bytes,
    pages: f.pageCount,
    documents: f.documentCount,
  }))
  if (zpl.length) {
    const bytes = Buffer.concat(
      zpl.map((z) => Buffer.from(z.buffer, z.byteOffset, z.byteLength))
    )
    outputs.push({
      kind: "zpl",
      mime: "application/octet-stream",
      format: "ZPL2",
      bytes,
      pages: zplLabels,
      documents: zplLabels,
    })
  }
  return { layout, outputs, notes }
}
