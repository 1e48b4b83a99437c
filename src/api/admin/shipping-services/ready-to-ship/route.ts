import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { readyToShip } from "../../../../orchestration/batches/ready-to-ship"
import { AdminReadyToShipQuery, parseQuery } from "../validators"

/**
 * GET /admin/shipping-services/ready-to-ship?view=awaiting|labelled&service=&lane=&from=&to=&offset=&limit=
 * One page of orders waiting for a label (automatic fulfilment off, failed with the service's
 * words, held) or labelled but not printed. 400 names a bad filter.
 */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const parsed = parseQuery(AdminReadyToShipQuery, req.query)
  if (!parsed.ok) {
    res.status(400).json({ type: "invalid_data", message: parsed.message })
    return
  }
  const { from, to, ...rest } = parsed.value
  res.json(
    await readyToShip(req.scope, {
      ...rest,
      from: from ? new Date(`${from}T00:00:00.000Z`) : undefined,
      to: to ? new Date(`${to}T23:59:59.999Z`) : undefined,
    })
  )
}
