import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { checkConnection } from "../../../../orchestration/connection/connection-check"

/** Token, authorized call and each root's reachability; never a credential or a token. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.status(200).json(await checkConnection(req.scope))
}
