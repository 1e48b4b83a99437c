import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { buyWaitingReturnLabelNow } from "../../../../../../orchestration/returns/change-return-labels"
import type { AdminBuyReturnLabelType } from "../../../validators"
import { answer } from "../../../respond"

/**
 * POST /admin/shipping-services/returns/:id/label  (body: {})
 * Buys now the return label of an exchange's or claim's return that is still waiting for it (the
 * order widget shows why). 200 `{ return_id, fulfillment_ids }`; 400 when the service or Medusa
 * refused (the words); 404 for an unknown return; 409 when no label waits; 502 when the service
 * failed or could not be reached.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminBuyReturnLabelType>,
  res: MedusaResponse
) {
  await answer(res, () => buyWaitingReturnLabelNow(req.scope, req.params.id))
}
