import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  createBatch,
  listBatchViews,
} from "../../../../orchestration/batches/batches"
import type {
  AdminCreateBatchType,
  AdminListBatchesQueryType,
} from "../validators"
import { answer } from "../respond"

export async function GET(
  req: AuthenticatedMedusaRequest<unknown, AdminListBatchesQueryType>,
  res: MedusaResponse
) {
  res.json(await listBatchViews(req.scope, req.validatedQuery))
}

/** 202: labels are bought in the background. Refused orders are listed with why; 400 when none can be taken. */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminCreateBatchType>,
  res: MedusaResponse
) {
  try {
    const batch = await createBatch(req.scope, {
      ...req.validatedBody,
      created_by: req.auth_context?.actor_id ?? null,
    })
    res.status(202).json({ batch })
  } catch (error) {
    const refused = (error as { refused?: unknown }).refused
    if (refused) {
      res.status(400).json({
        type: "not_allowed",
        message: (error as Error).message,
        refused,
      })
      return
    }
    await answer(res, () => Promise.reject(error))
  }
}
