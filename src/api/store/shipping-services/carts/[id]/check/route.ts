import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { checkCartForOptions } from "../../../../../../orchestration/checkout/checkout-check"
import type { StoreCheckCartType } from "../../../validators"

/** Whether checkout would sell the cart with this option, field by field in the shopper's words; changes and sends nothing. */
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
