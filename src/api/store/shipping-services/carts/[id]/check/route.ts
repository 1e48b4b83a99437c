import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { checkCartForOptions } from "../../../../../../orchestration/checkout/checkout-check"
import type { StoreCheckCartType } from "../../../validators"

/**
 * POST /store/shipping-services/carts/:id/check  `{ option_id }`  (publishable key)
 * Whether checkout would sell this cart with this shipping option, and if not, what is wrong,
 * field by field, in the shopper's words (docs/storefront.md). Changes nothing; sends nothing to
 * the shipping service. Like Medusa's own cart routes, the cart id is the credential.
 */
export async function POST(
  req: MedusaRequest<StoreCheckCartType>,
  res: MedusaResponse
) {
  const { option_id } = req.validatedBody
  const [check] = await checkCartForOptions(req.scope, req.params.id, [
    option_id,
  ])
  if (!check)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Shipping option ${option_id} is not an option of the shipping services plugin`
    )
  res.status(200).json(check)
}
