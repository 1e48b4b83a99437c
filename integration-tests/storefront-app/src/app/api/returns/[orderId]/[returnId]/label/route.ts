// src/app/api/returns/[orderId]/[returnId]/label/route.ts: the return label, passed on with the
// customer's login from the httpOnly cookie (the browser cannot send it to the backend).
import { sdk } from "@lib/config"
import { getAuthHeaders } from "@lib/data/cookies"
import { returnLabelRoute } from "medusa-plugin-shipping-services-storefront/server"

export const GET = returnLabelRoute({ sdk, headers: getAuthHeaders })
