import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { z } from "@medusajs/framework/zod"
import { fulfilledRemovalWords } from "../../orchestration/auto-fulfillment/edit-removal"

const QuantityBody = z.object({ quantity: z.coerce.number() })

/** Medusa refuses lowering a line below its labels in words that do not say what to do: name the labels to void. */
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
