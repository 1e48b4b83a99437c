import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { readyToShip } from "../../../../orchestration/batches/ready-to-ship"
import type { AdminReadyToShipQueryType } from "../validators"

/**
 * GET /admin/shipping-services/ready-to-ship?view=awaiting|labelled&service=&lane=&from=&to=&offset=&limit=
 * One page of orders waiting for a label (automatic fulfillment off, failed with the service's
 * words, held) or labelled but not printed. 400 names a bad filter (the route's query validation).
 */
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
