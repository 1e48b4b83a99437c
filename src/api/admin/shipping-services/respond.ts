import type { MedusaResponse } from "@medusajs/framework/http"
import { ShippingActionError } from "../../../lib/action-error"

/**
 * Runs an admin action and answers its refusal in words (`{ type, message }` with the action's
 * status); anything else goes to Medusa's error handler.
 */
export async function answer<T>(
  res: MedusaResponse,
  action: () => Promise<T>,
  status = 200
): Promise<void> {
  try {
    res.status(status).json(await action())
  } catch (error) {
    if (error instanceof ShippingActionError) {
      res
        .status(error.status)
        .json({ type: error.type, message: error.message })
      return
    }
    throw error
  }
}
