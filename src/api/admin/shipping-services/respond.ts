import type { MedusaResponse } from "@medusajs/framework/http"
import { shippingActionErrorFrom } from "../../../lib/action-error"

/** Answers a refusal as `{ type, message }` with its status; anything else goes to Medusa's error handler. */
export async function answer<T>(
  res: MedusaResponse,
  action: () => Promise<T>,
  status = 200
): Promise<void> {
  try {
    res.status(status).json(await action())
  } catch (error) {
    const refused = shippingActionErrorFrom(error)
    if (!refused) throw error
    res
      .status(refused.status)
      .json({ type: refused.type, message: refused.message })
  }
}
