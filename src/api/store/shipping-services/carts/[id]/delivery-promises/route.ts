import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { deliveryPromisesOfCart } from "../../../../../../orchestration/checkout/delivery-promises"

/**
 * GET /store/shipping-services/carts/:id/delivery-promises  (publishable key)
 * `{ delivery_promises: [{ shipping_option_id, name, estimated_delivery }] }`: for each of the
 * plugin's shipping options offered to the cart, the day (or days) it should arrive, from the
 * service's delivery commitment; `estimated_delivery` null where nothing can be promised. Like
 * Medusa's own cart routes, the cart id is the credential (docs/storefront.md).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const delivery_promises = await deliveryPromisesOfCart(
    req.scope,
    req.params.id
  )
  res.status(200).json({ delivery_promises })
}
