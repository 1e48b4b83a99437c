import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { reprintBatch } from "../../../../../../orchestration/batches/batches"
import type { AdminPrintBatchType } from "../../../validators"
import { answer } from "../../../respond"

/** Makes the print file again from the stored labels (another layout, say); buys nothing. 400 while still buying. */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminPrintBatchType>,
  res: MedusaResponse
) {
  await answer(res, async () => ({
    batch: await reprintBatch(req.scope, req.params.id, req.validatedBody),
  }))
}
