import { MedusaError } from "@medusajs/framework/utils"
import type { DocumentSource } from "../../modules/shipping-services/service"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  classifySelection,
  MAX_BATCH_ORDERS,
  type BatchMode,
} from "../../lib/batches/selection"
import {
  batchCounts,
  batchView,
  idsOf,
  type BatchFile,
  type BatchItemRow,
  type BatchRow,
  type BatchView,
} from "../../lib/batches/views"
import type { PrintLayout } from "../../lib/documents"
import { messageOf } from "../../lib/errors"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import {
  createPrintBatchWorkflow,
  markLabelsPrintedWorkflow,
  reopenPrintBatchWorkflow,
} from "../../workflows/print-batch"
import type { ReopenBatchInput } from "../../workflows/print-batch/steps/reopen-batch"
import { ShippingActionError } from "../../lib/action-error"
import { runBatch, startBatch } from "./run-batch"
import { labelsToPrint, loadSelection } from "./selection"
import { shippingOf } from "../../modules/shipping-services"

export type CreateBatchInput = {
  order_ids: string[]
  mode?: BatchMode
  layout?: PrintLayout
  packing_slips?: boolean
  commercial_invoices?: boolean
  separate?: boolean
  created_by?: string | null
}

/** Refused orders are named with why; starts in the background; 400 with nothing created when none can be taken. */
export async function createBatch(
  container: MedusaContainer,
  input: CreateBatchInput
): Promise<BatchView> {
  const shipping = shippingOf(container)
  const defaults = shipping.getOptions().printing
  const mode = input.mode ?? "buy"
  if (!input.order_ids.length)
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "Select at least one order: an empty selection makes no batch."
    )
  if (input.order_ids.length > MAX_BATCH_ORDERS)
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `A batch takes at most ${MAX_BATCH_ORDERS} orders; ${input.order_ids.length} were selected.`
    )
  const { accepted, refused } = classifySelection(
    await loadSelection(container, input.order_ids),
    mode
  )
  if (!accepted.length) {
    const list = refused
      .map(
        (r) =>
          `${r.display_id != null ? `#${r.display_id}` : r.order_id}: ${r.reason}`
      )
      .join("; ")
    throw Object.assign(
      new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `No order of the selection can be ${mode === "buy" ? "shipped" : "printed"}: ${list}`
      ),
      { refused }
    )
  }
  const orders = []
  for (const o of accepted)
    orders.push(
      mode === "print"
        ? { ...o, shipment_ids: await labelsToPrint(shipping, o.order_id) }
        : o
    )
  const { result: created } = await createPrintBatchWorkflow(container).run({
    input: {
      mode,
      layout: input.layout ?? defaults.layout,
      packing_slips: input.packing_slips ?? defaults.packingSlips,
      commercial_invoices:
        input.commercial_invoices ?? defaults.commercialInvoices,
      separate: input.separate ?? defaults.separate,
      created_by: input.created_by ?? null,
      orders,
      refused,
    },
  })
  startBatch(container, created.batch_id)
  return loadBatchView(container, created.batch_id)
}

/** Progress, failures in the service's words, print files. */
export async function loadBatchView(
  container: MedusaContainer,
  batchId: string
): Promise<BatchView> {
  const shipping = shippingOf(container)
  const [batch] = await shipping.listBatches({ id: batchId })
  if (!batch)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Batch ${batchId} was not found`
    )
  const items = (await shipping.listBatchItems(
    { batch_id: batchId },
    { order: { position: "ASC" } }
  )) as unknown as BatchItemRow[]
  return batchView(
    batch as unknown as BatchRow,
    batchCounts(items.map((i) => i.status)),
    items,
    await shoppedServices(
      shipping,
      items.flatMap((i) => idsOf(i.shipment_ids))
    )
  )
}

/** For rate-shopping labels (shown per parcel); no read while no option rate-shops. */
async function shoppedServices(
  shipping: ShippingServicesModuleService,
  ids: string[]
): Promise<Map<string, string> | undefined> {
  const shopping = new Set(
    shipping
      .getOptions()
      .services.filter((s) => s.rateShopping)
      .map((s) => s.id)
  )
  if (!shopping.size || !ids.length) return undefined
  const rows = await shipping.listShipments(
    { id: ids },
    { select: ["id", "option_id", "service_id"] }
  )
  return new Map(
    rows
      .filter((r) => shopping.has(r.option_id))
      .map((r) => [r.id, r.service_id])
  )
}

/** Newest first, with their counts. */
export async function listBatchViews(
  container: MedusaContainer,
  page: { offset: number; limit: number }
): Promise<{ batches: BatchView[]; count: number }> {
  const shipping = shippingOf(container)
  const [batches, count] = await shipping.listAndCountBatches(
    {},
    { skip: page.offset, take: page.limit, order: { created_at: "DESC" } }
  )
  const items = batches.length
    ? await shipping.listBatchItems(
        { batch_id: batches.map((b) => b.id) },
        { select: ["batch_id", "status"] }
      )
    : []
  return {
    batches: batches.map((b) =>
      batchView(
        b as unknown as BatchRow,
        batchCounts(
          items.filter((i) => i.batch_id === b.id).map((i) => i.status)
        )
      )
    ),
    count,
  }
}

/** Through the same path. */
export async function retryBatch(
  container: MedusaContainer,
  batchId: string,
  itemIds?: string[]
): Promise<BatchView> {
  await reopen(container, { batch_id: batchId, retry: { item_ids: itemIds } })
  startBatch(container, batchId)
  return loadBatchView(container, batchId)
}

/** From the stored labels: nothing is bought. */
export async function reprintBatch(
  container: MedusaContainer,
  batchId: string,
  settings: {
    layout?: PrintLayout
    packing_slips?: boolean
    commercial_invoices?: boolean
    separate?: boolean
  }
): Promise<BatchView> {
  await reopen(container, { batch_id: batchId, print: settings })
  // Made in this request (100 labels take well under a second) so the download follows at once.
  const outcome = await runBatch(container, batchId)
  if (outcome === "busy") startBatch(container, batchId)
  return loadBatchView(container, batchId)
}

async function reopen(container: MedusaContainer, input: ReopenBatchInput) {
  await reopenPrintBatchWorkflow(container).run({ input })
}

/** Its labels count as printed from now on (Ready to ship stops listing them). */
export async function batchFile(
  container: MedusaContainer,
  batchId: string,
  kind: string
): Promise<{ file: BatchFile; source: DocumentSource }> {
  const shipping = shippingOf(container)
  const [batch] = await shipping.listBatches({ id: batchId })
  if (!batch)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Batch ${batchId} was not found`
    )
  const file = ((batch.files as BatchFile[] | null) ?? []).find(
    (f) => f.kind === kind
  )
  if (!file) {
    const why =
      batch.status !== "done"
        ? `it is still ${batch.status}`
        : batch.print_error
          ? `its print file failed: ${messageOf(batch.print_error)}`
          : `it has no ${kind} file`
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Batch ${batchId} has no ${kind} file to download: ${why}`
    )
  }
  if (batch.files_removed_at)
    throw new ShippingActionError(
      `Batch ${batchId}'s print files were removed on ${new Date(batch.files_removed_at).toISOString().slice(0, 10)}, after the last of its labels (documents.keepDays)`,
      410,
      "files_removed"
    )
  const source = await shipping.documents().source(file.document_id)
  if (kind === "combined" || kind === "labels" || kind === "zpl") {
    const items = await shipping.listBatchItems(
      { batch_id: batchId, status: "done" },
      { select: ["shipment_ids"] }
    )
    await markLabelsPrintedWorkflow(container).run({
      input: { shipment_ids: items.flatMap((i) => idsOf(i.shipment_ids)) },
    })
  }
  return { file, source }
}
