"use server"

import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"
import { getAuthHeaders, getCacheOptions } from "./cookies"

/** The region's payment providers (the starter's), for the payment step. */
export async function listCartPaymentMethods(regionId: string) {
  return sdk.client
    .fetch<HttpTypes.StorePaymentProviderListResponse>(
      "/store/payment-providers",
      {
        method: "GET",
        query: { region_id: regionId },
        headers: { ...(await getAuthHeaders()) },
        next: { ...(await getCacheOptions("payment_providers")) },
        cache: "force-cache",
      }
    )
    .then(({ payment_providers }) =>
      payment_providers.sort((a, b) => a.id.localeCompare(b.id))
    )
    .catch(() => null)
}
