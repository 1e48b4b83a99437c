import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { loadBatch } from "./load-batch"
import type ShippingServicesModuleService from "../../../modules/shipping-services/service"
import { shippingOf } from "../../../modules/shipping-services"

export type ReopenBatchInput = {
  batch_id: string
  /** All failed ones when absent. */
  retry?: { item_ids?: string[] }
  print?: {
    layout?: string
    packing_slips?: boolean
    commercial_invoices?: boolean
    separate?: boolean
  }
}

type Before = {
  batch: Record<string, unknown>
  items: { id: string; status: string; error: unknown }[]
}

export const reopenBatchStepId = "shipping-services-reopen-batch"
/** Failed items back to waiting, or new print settings (nothing bought). Compensation restores the rows. */
export const reopenBatchStep = createStep(
  reopenBatchStepId,
  async (input: ReopenBatchInput, { container }) => {
    const shipping = shippingOf(container)
    const batch = await loadBatch(shipping, input.batch_id)
    const before: Before = {
      batch: {
        id: batch.id,
        status: batch.status,
        layout: batch.layout,
        packing_slips: batch.packing_slips,
        commercial_invoices: batch.commercial_invoices,
        separate: batch.separate,
        finished_at: batch.finished_at,
      },
      items: [],
    }
    if (input.retry) {
      if (batch.mode !== "buy")
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          "A print-only batch buys nothing: nothing to retry"
        )
      const filters: Record<string, unknown> = {
        batch_id: batch.id,
        status: "failed",
      }
      if (input.retry.item_ids?.length) filters.id = input.retry.item_ids
      const failed = await shipping.listBatchItems(filters, {
        select: ["id", "status", "error"],
      })
      if (!failed.length)
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          "No failed order of this batch to retry"
        )
      before.items = failed.map((i) => ({
        id: i.id,
        status: i.status,
        error: i.error,
      }))
      await shipping.updateBatchItems(
        failed.map((i) => ({ id: i.id, status: "waiting" as const }))
      )
      await shipping.updateBatches({
        id: batch.id,
        status: "buying",
        finished_at: null,
      })
    } else if (input.print) {
      if (batch.status === "buying")
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          "The batch is still buying labels: its print file is made when it is done"
        )
      await shipping.updateBatches({
        id: batch.id,
        status: "printing",
        finished_at: null,
        ...input.print,
      })
    }
    return new StepResponse(
      { batch_id: batch.id, retried: before.items.length },
      before
    )
  },
  async (before, { container }) => {
    if (!before) return
    const shipping = shippingOf(container)
    if (before.items.length)
      await shipping.updateBatchItems(
        before.items.map((i) => ({
          id: i.id,
          status: i.status as "failed",
          error: i.error as Record<string, unknown>,
        }))
      )
    await shipping.updateBatches(
      before.batch as Parameters<
        ShippingServicesModuleService["updateBatches"]
      >[0]
    )
  }
)
