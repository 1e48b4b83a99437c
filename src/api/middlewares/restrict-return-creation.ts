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

/**
 * What the guard reads of Medusa's body, exactly as loose as Medusa's own validator
 * (StorePostReturnsReqSchema): every body Medusa's route would accept is judged here; one this
 * cannot read, Medusa's validator refuses with its 400.
 */
const ReturnRequestFields = z.object({
  order_id: z.string().min(1),
  return_shipping: z.object({ option_id: z.string() }),
})

/** Longer than any label purchase (the client's timeout × attempts) and Medusa's workflow. */
const MAX_HOLD_MS = 5 * 60_000

/**
 * POST /store/returns (Medusa's route, unauthenticated by design: the order id is the
 * credential). With one of the plugin's options each request buys a return label at the
 * merchant's cost, so (docs/storefront.md "Return an item"):
 * - with `returns.requireCustomer` (the default) only the order's logged-in customer gets
 *   through; anyone else — no login, another customer, an unknown order id — gets the tracking
 *   route's 404, is counted and logged (the reason only), and nothing is bought;
 * - requests of one order run one at a time, so a repeat sees the first return and Medusa's rule
 *   refuses it before a second label is bought.
 * Returns with other providers' options pass untouched.
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
    // Set by the authenticate middleware before this one (src/api/middlewares.ts).
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
    // The service is not answering: its return label cannot be bought now. Said before Medusa's
    // workflow starts (which would fail half-way with a 500 on the provider's error).
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
          // Held until Medusa's route answers, i.e. its workflow has finished (the route, or
          // the error handler, ends the response after it): not until the client goes away,
          // which may be long before (a shopper closing the tab while the label is bought).
          const end = res.end
          res.end = function (this: MedusaResponse, ...args: unknown[]) {
            resolve()
            return (end as (...a: unknown[]) => MedusaResponse).apply(
              this,
              args
            )
          } as MedusaResponse["end"]
          // A safety valve, should a route never end its response.
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
