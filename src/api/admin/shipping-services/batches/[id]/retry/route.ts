import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { retryBatch } from "../../../../../../orchestration/batches/batches"
import type { AdminRetryBatchType } from "../../../validators"
import { answer } from "../../../respond"

/** Buys the failed orders (all, or `item_ids`) again on the never-twice path, then reprints; 400 when nothing failed. */
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
