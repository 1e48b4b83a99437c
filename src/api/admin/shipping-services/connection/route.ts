import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { checkConnection } from "../../../../orchestration/connection/connection-check"

/**
 * GET /admin/shipping-services/connection
 * `{ token: "ok" | "error", token_error, authorized_call, roots: [{ name, url, serves, reachable,
 * status, error }], checked_at }`. Never a credential or a token.
 */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.status(200).json(await checkConnection(req.scope))
}
