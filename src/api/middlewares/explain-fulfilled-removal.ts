import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { z } from "@medusajs/framework/zod"
import { fulfilledRemovalWords } from "../../orchestration/auto-fulfillment/edit-removal"

const QuantityBody = z.object({ quantity: z.coerce.number() })

/**
 * POST /admin/order-edits/:id/items/item/:item_id (Medusa's route: an edit sets a line's
 * quantity). Lowering a line below what the plugin's labels hold is refused by Medusa in words
 * that do not say what to do: this answers the same 400 naming the labels to void first
 * (the automatic fulfillment's edit-removal check). Anything else goes to Medusa's route untouched.
 */
export async function explainFulfilledRemoval(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  const parsed = QuantityBody.safeParse(req.body)
  if (!parsed.success) return next()
  try {
    const words = await fulfilledRemovalWords(
      req.scope,
      req.params.id!,
      req.params.item_id!,
      parsed.data.quantity
    )
    if (!words) return next()
    res.status(400).json({ type: "not_allowed", message: words })
  } catch (error) {
    next(error)
  }
}
