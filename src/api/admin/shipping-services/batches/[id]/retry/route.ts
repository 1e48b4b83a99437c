import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { retryBatch } from "../../../../../../orchestration/batches/batches"
import type { AdminRetryBatchType } from "../../../validators"
import { answer } from "../../../respond"

/**
 * POST /admin/shipping-services/batches/:id/retry  `{ item_ids? }`
 * 202 `{ batch }`: the failed orders (all, or these) are bought again through the same
 * never-twice path, then the print file is made again. 400 when nothing failed; 404.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminRetryBatchType>,
  res: MedusaResponse
) {
  await answer(
    res,
    async () => ({
      batch: await retryBatch(
        req.scope,
        req.params.id,
        req.validatedBody.item_ids
      ),
    }),
    202
  )
}
