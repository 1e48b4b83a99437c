import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { shippingOf } from "../../../modules/shipping-services"

export type CreateBatchRowsInput = {
  mode: "buy" | "print"
  layout: string
  packing_slips: boolean
  commercial_invoices: boolean
  separate: boolean
  created_by?: string | null
  /** In the admin's order; `shipment_ids` for a print-only batch. */
  orders: {
    order_id: string
    display_id: number | null
    shipment_ids?: string[]
  }[]
  refused: { order_id: string; display_id: number | null; reason: string }[]
}

export const createBatchRowsStepId = "shipping-services-create-batch-rows"
/** Print-only items start done. Compensation deletes the rows, so a failed creation leaves nothing to resume. */
export const createBatchRowsStep = createStep(
  createBatchRowsStepId,
  async (input: CreateBatchRowsInput, { container }) => {
    const shipping = shippingOf(container)
    const batch = await shipping.createBatches({
      status: input.mode === "buy" ? "buying" : "printing",
      mode: input.mode,
      layout: input.layout,
      packing_slips: input.packing_slips,
      commercial_invoices: input.commercial_invoices,
      separate: input.separate,
      created_by: input.created_by ?? null,
      refused: input.refused as unknown as Record<string, unknown>,
    })
    const items = await shipping.createBatchItems(
      input.orders.map((o, position) => ({
        batch_id: batch.id,
        position,
        order_id: o.order_id,
        display_id: o.display_id,
        status: input.mode === "buy" ? ("waiting" as const) : ("done" as const),
        ...(o.shipment_ids ? { shipment_ids: { ids: o.shipment_ids } } : {}),
      }))
    )
    return new StepResponse(
      { batch_id: batch.id, items: items.length },
      { batch_id: batch.id, item_ids: items.map((i) => i.id) }
    )
  },
  async (created, { container }) => {
    if (!created) return
    const shipping = shippingOf(container)
    if (created.item_ids.length)
      await shipping.deleteBatchItems(created.item_ids)
    await shipping.deleteBatches([created.batch_id])
  }
)
