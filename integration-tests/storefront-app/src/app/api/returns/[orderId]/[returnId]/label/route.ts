import { sdk } from "@lib/config"
import { getAuthHeaders } from "@lib/data/cookies"
import { returnLabelRoute } from "medusa-plugin-shipping-services-storefront/server"

// The return label with the customer's login from the httpOnly cookie (docs/storefront.md).
export const GET = returnLabelRoute({ sdk, headers: getAuthHeaders })
