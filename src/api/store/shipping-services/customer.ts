import type { AuthenticatedMedusaRequest } from "@medusajs/framework/http"

/** The store request's logged-in customer (session or bearer), or undefined: the customer routes then answer 404. */
export function customerIdOf(
  req: AuthenticatedMedusaRequest
): string | undefined {
  const auth = req.auth_context
  return (auth?.actor_type === "customer" && auth.actor_id) || undefined
}
