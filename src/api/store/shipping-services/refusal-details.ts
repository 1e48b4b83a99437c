import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { CHECKOUT_REFUSED_CODE } from "../../../providers/shipping-services/checkout"
import {
  checkCartForOptions,
  checkCartShippingMethods,
} from "../../../orchestration/checkout/checkout-check"

/**
 * On Medusa's own store routes that run checkout's dry run (add a shipping method, complete the
 * cart): when the provider refused the cart, Medusa's error body says it in one sentence; this
 * adds the same problems field by field (`shipping_services.checks[].problems`), so a storefront
 * can mark the fields. Anything else passes untouched, and a failure here leaves the body as it was.
 */
export function refusalDetails(route: "shipping-methods" | "complete") {
  return (
    req: MedusaRequest,
    res: MedusaResponse,
    next: MedusaNextFunction
  ) => {
    // Read now: by the time the error handler answers, Express has moved req.params on.
    const cartId = req.params.id
    const optionId = (req.body as { option_id?: unknown } | undefined)
      ?.option_id
    const json = res.json.bind(res)
    res.json = ((body: unknown) => {
      const refused =
        res.statusCode === 400 &&
        (body as { code?: unknown } | null)?.code === CHECKOUT_REFUSED_CODE
      if (!refused || !cartId) return json(body)
      const checks =
        route === "shipping-methods" && typeof optionId === "string"
          ? checkCartForOptions(req.scope, cartId, [optionId])
          : checkCartShippingMethods(req.scope, cartId)
      checks.then(
        (found) =>
          json({
            ...(body as object),
            shipping_services: { checks: found.filter((c) => !c.shippable) },
          }),
        () => json(body)
      )
      return res
    }) as typeof res.json
    next()
  }
}
