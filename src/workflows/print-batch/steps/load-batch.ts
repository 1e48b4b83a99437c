import { MedusaError } from "@medusajs/framework/utils"
import type ShippingServicesModuleService from "../../../modules/shipping-services/service"

/** NOT_FOUND (the admin's 404) when there is none. */
export async function loadBatch(
  shipping: Pick<ShippingServicesModuleService, "listBatches">,
  batchId: string
) {
  const [batch] = await shipping.listBatches({ id: batchId })
  if (!batch)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Batch ${batchId} was not found`
    )
  return batch
}
