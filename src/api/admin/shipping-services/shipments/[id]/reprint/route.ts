import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { reprintShipmentLabelWorkflow } from "../../../../../../workflows/reprint-shipment-label"
import type { AdminReprintLabelType } from "../../../validators"
import { answer } from "../../../respond"

/** One of the label's three reprints; with a layout, `print_url` is the new label on that sheet. */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminReprintLabelType>,
  res: MedusaResponse
) {
  const id = req.params.id
  await answer(res, async () => {
    // Not a lock step: the postgres provider never frees an owner-less lock a stopped process left.
    const { result } = await req.scope.resolve(Modules.LOCKING).execute(
      `shipping-services:label:${id}`,
      () =>
        reprintShipmentLabelWorkflow(req.scope).run({
          input: { shipment_id: id },
        }),
      { timeout: 30 }
    )
    const layout = req.validatedBody?.layout
    const print_url =
      layout && result.stored
        ? `/admin/shipping-services/shipments/${id}/label?layout=${layout}`
        : null
    return { reprints: result.reprints, print_url }
  })
}
