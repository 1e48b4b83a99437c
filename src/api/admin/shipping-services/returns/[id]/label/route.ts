import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { buyWaitingReturnLabelNow } from "../../../../../../orchestration/returns/change-return-labels"
import type { AdminBuyReturnLabelType } from "../../../validators"
import { answer } from "../../../respond"

/** Buys now the waiting return label of an exchange's or claim's return; 409 when none waits. */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminBuyReturnLabelType>,
  res: MedusaResponse
) {
  await answer(res, () => buyWaitingReturnLabelNow(req.scope, req.params.id))
}
