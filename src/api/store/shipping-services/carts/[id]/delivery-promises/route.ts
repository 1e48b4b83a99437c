import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { deliveryPromisesOfCart } from "../../../../../../orchestration/checkout/delivery-promises"

/** Each of the plugin's options offered to the cart with the day it should arrive (null: none promised); the cart id is the credential. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const delivery_promises = await deliveryPromisesOfCart(
    req.scope,
    req.params.id
  )
  res.status(200).json({ delivery_promises })
}
