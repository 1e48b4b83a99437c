import type {
  AuthenticatedMedusaRequest,
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { z } from "@medusajs/framework/zod"
import {
  judgeReturnCreation,
  recordReturnRefusal,
  refusedReturnError,
  underReturnLock,
} from "../../orchestration/returns/return-creation"

/** As loose as Medusa's StorePostReturnsReqSchema: what this cannot read, Medusa's validator refuses with a 400. */
const ReturnRequestFields = z.object({
  order_id: z.string().min(1),
  return_shipping: z.object({ option_id: z.string() }),
})

/** Longer than any label purchase (timeout × attempts) and Medusa's workflow. */
const MAX_HOLD_MS = 5 * 60_000

/**
 * Medusa's route is unauthenticated (the order id is the credential), yet each request buys a label at the merchant's
 * cost: with `returns.requireCustomer` only the order's customer gets through (others get a counted 404), and one
 * request per order runs at a time so Medusa's rule refuses a repeat before a second label. Other providers pass.
 */
export async function restrictReturnCreation(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  const parsed = ReturnRequestFields.safeParse(req.body)
  if (!parsed.success) return next()
  const orderId = parsed.data.order_id
  const optionId = parsed.data.return_shipping.option_id
  try {
    // Set by the authenticate middleware before this one.
    const auth = (req as AuthenticatedMedusaRequest).auth_context
    const customerId =
      auth?.actor_type === "customer" ? auth.actor_id || undefined : undefined
    const verdict = await judgeReturnCreation(req.scope, {
      orderId,
      optionId,
      customerId,
    })
    if (!verdict.ours) return next()
    if (verdict.refusal) {
      await recordReturnRefusal(req.scope, verdict.refusal, optionId)
      return next(refusedReturnError(orderId))
    }
    // Said before Medusa's workflow starts, which would fail half-way with a 500.
    if (verdict.serviceAway) {
      res.status(503).json({
        type: "service_unavailable",
        message: verdict.serviceAway,
      })
      return
    }
    const outcome = await underReturnLock(
      req.scope,
      orderId,
      () =>
        new Promise<void>((resolve) => {
          // Held until Medusa's route ends the response, not until the client leaves (which may be long before).
          const end = res.end
          res.end = function (this: MedusaResponse, ...args: unknown[]) {
            resolve()
            return (end as (...a: unknown[]) => MedusaResponse).apply(
              this,
              args
            )
          } as MedusaResponse["end"]
          setTimeout(resolve, MAX_HOLD_MS).unref()
          next()
        })
    )
    if (outcome === "busy") {
      res.status(409).json({
        type: "conflict",
        message: `Another return of order ${orderId} is being created: try again in a moment`,
      })
    }
  } catch (error) {
    if (!res.headersSent) next(error)
  }
}
