import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { retryAutoFulfillment } from "../../../../../../orchestration/auto-fulfillment/admin-retry"
import type { AdminRetryAutoFulfillmentType } from "../../../validators"
import { answer } from "../../../respond"

/** One more attempt now at a failed automatic fulfillment; 409 when it is not failed. */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminRetryAutoFulfillmentType>,
  res: MedusaResponse
) {
  await answer(res, () => retryAutoFulfillment(req.scope, req.params.id))
}
