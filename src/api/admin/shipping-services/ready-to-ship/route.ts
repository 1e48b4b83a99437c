import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { readyToShip } from "../../../../orchestration/batches/ready-to-ship"
import type { AdminReadyToShipQueryType } from "../validators"

/** One page of orders awaiting a label (off, failed, held) or labelled but not printed. */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, AdminReadyToShipQueryType>,
  res: MedusaResponse
) {
  const { from, to, ...rest } = req.validatedQuery
  res.json(
    await readyToShip(req.scope, {
      ...rest,
      from: from ? new Date(`${from}T00:00:00.000Z`) : undefined,
      to: to ? new Date(`${to}T23:59:59.999Z`) : undefined,
    })
  )
}
