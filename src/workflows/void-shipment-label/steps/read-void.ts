import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { shippingOf } from "../../../modules/shipping-services"

export type VoidResult = {
  status: string
  void_status: string | null
  voided_at: Date | null
}

export const readVoidStepId = "shipping-services-read-void"
/** The label's void as recorded (the provider records it on Medusa's path); reads only. */
export const readVoidStep = createStep(
  readVoidStepId,
  async (input: { shipment_id: string }, { container }) => {
    const [row] = await shippingOf(container).listShipments(
      { id: input.shipment_id },
      { select: ["id", "status", "void_status", "voided_at"] }
    )
    return new StepResponse<VoidResult>({
      status: row.status,
      void_status: row.void_status ?? null,
      voided_at: row.voided_at ?? null,
    })
  }
)
