import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { reprintBatch } from "../../../../../../orchestration/batches/batches"
import type { AdminPrintBatchType } from "../../../validators"
import { answer } from "../../../respond"

/**
 * POST /admin/shipping-services/batches/:id/print  `{ layout?, packing_slips?, commercial_invoices?, separate? }`
 * 200 `{ batch }` with its new files: the print file made again from the stored labels (another
 * layout chosen at download, say). Buys nothing. 400 while the batch is still buying; 404.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminPrintBatchType>,
  res: MedusaResponse
) {
  await answer(res, async () => ({
    batch: await reprintBatch(req.scope, req.params.id, req.validatedBody),
  }))
}
