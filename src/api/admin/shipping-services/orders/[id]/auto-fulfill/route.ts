import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { retryAutoFulfillment } from "../../../../../../orchestration/auto-fulfillment/admin-retry"
import type { AdminRetryAutoFulfillmentType } from "../../../validators"
import { answer } from "../../../respond"

/**
 * POST /admin/shipping-services/orders/:id/auto-fulfill  (body: {})
 * One more attempt now at a failed automatic fulfillment. 200 `{ outcome, auto_fulfillment }`;
 * 400 when it failed again (the reason in words); 404 without a record; 409 when it is not failed.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminRetryAutoFulfillmentType>,
  res: MedusaResponse
) {
  await answer(res, () => retryAutoFulfillment(req.scope, req.params.id))
}
