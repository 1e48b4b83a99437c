import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { adminShipmentView } from "../../../../../../orchestration/order-shipments"
import { reprintLabel } from "../../../../../../orchestration/reprint-label"
import type { AdminReprintLabelType } from "../../../operations-validators"
import { answer } from "../../../respond"

/**
 * POST /admin/shipping-services/shipments/:id/reprint  (body: {})
 * The service's reprint (doc 4, at most 3): the new label replaces the stored one behind the
 * same label URL. 200 `{ reprints: { used, left, max }, shipment }`; 400 when refused (the 4th,
 * voided…), 404, 502 when the service failed.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminReprintLabelType>, res: MedusaResponse) {
  await answer(res, async () => {
    const { reprints } = await reprintLabel(req.scope, req.params.id)
    return { reprints, shipment: await adminShipmentView(req.scope, req.params.id) }
  })
}
