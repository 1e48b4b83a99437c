import { sdk } from "@lib/config"
import { getAuthHeaders } from "@lib/data/cookies"
import { returnLabelRoute } from "medusa-plugin-shipping-services-storefront/server"

// The return label, passed on with the customer's login from the httpOnly cookie (the browser
// cannot send it to the backend).
export const GET = returnLabelRoute({ sdk, headers: getAuthHeaders })
