import type { AuthenticatedMedusaRequest } from "@medusajs/framework/http"

/**
 * The logged-in customer of a store request (session or bearer, read by the authenticate
 * middleware of src/api/middlewares.ts), or undefined: the customer routes answer 404 without one.
 */
export function customerIdOf(
  req: AuthenticatedMedusaRequest
): string | undefined {
  const auth = req.auth_context
  return (auth?.actor_type === "customer" && auth.actor_id) || undefined
}
