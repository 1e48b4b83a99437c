import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { adminShipmentView } from "../../../../../../orchestration/labels/order-shipments"
import { reprintLabel } from "../../../../../../orchestration/labels/reprint-label"
import type { AdminReprintLabelType } from "../../../validators"
import { answer } from "../../../respond"

/**
 * POST /admin/shipping-services/shipments/:id/reprint  (body: { layout? })
 * The service's reprint (doc 4, at most 3): the new label replaces the stored one behind the
 * same label URL. 200 `{ reprints: { used, left, max }, shipment, print_url }` (`print_url`: the new
 * label on the chosen layout's sheet, when one was given); 400 when refused (the 4th,
 * voided…), 404, 502 when the service failed.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminReprintLabelType>,
  res: MedusaResponse
) {
  await answer(res, async () => {
    const { reprints } = await reprintLabel(req.scope, req.params.id)
    const shipment = await adminShipmentView(req.scope, req.params.id)
    const layout = req.validatedBody?.layout
    // The reprinted label in the chosen size: the label route places it on that sheet (docs/admin.md).
    const print_url =
      layout && shipment?.label
        ? `/admin/shipping-services/shipments/${req.params.id}/label?layout=${layout}`
        : null
    return { reprints, shipment, print_url }
  })
}
