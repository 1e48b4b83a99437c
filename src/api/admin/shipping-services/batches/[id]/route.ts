import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { loadBatchView } from "../../../../../orchestration/batches/batches"
import { answer } from "../../respond"

/** Progress, each failure in the service's words, refusals, files. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  await answer(res, async () => ({
    batch: await loadBatchView(req.scope, req.params.id),
  }))
}
