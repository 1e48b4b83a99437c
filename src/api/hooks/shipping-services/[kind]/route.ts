import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { keyMatches } from "../../../../lib/webhooks/auth"
import { rowOfNotification } from "../../../../lib/tracking/rows"
import { parseNotificationBody } from "../../../../shipping-api/schemas/notification"
import { SHIPPING_SERVICES_MODULE } from "../../../../options/resolve"
import type ShippingServicesModuleService from "../../../../modules/shipping-services/service"
import { announceStoredTracking } from "../../../../orchestration/tracking-announcer"

export const AUTHENTICATE = false

const KINDS = ["tracking", "locker"] as const

/**
 * POST /hooks/shipping-services/tracking (and /locker): webhook deliveries from the service
 * (shared/spec/4). Authenticated with our configuration's custom header in constant time; the
 * body (array or single notification) validated; each notification stored once under its dedupe
 * key; answered 200 echoing X-Vendor-ReferenceId. Applying events to orders happens after the
 * answer, through the event bus. The path is kept lean: no ORM, batched inserts, cached keys.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const kind = req.params.kind as (typeof KINDS)[number]
  if (!KINDS.includes(kind)) {
    res.status(404).json({ message: "Unknown webhook" })
    return
  }
  const shipping: ShippingServicesModuleService = req.scope.resolve(SHIPPING_SERVICES_MODULE)
  const { headerName, keys } = await shipping.acceptedWebhookKeys(kind)
  if (!keyMatches(req.headers[headerName.toLowerCase()], keys)) {
    res.status(401).json({ message: "Unauthorized" })
    return
  }
  const parsed = parseNotificationBody(req.body)
  if (!parsed.ok) {
    res.status(400).json({ message: "Malformed notification", violations: parsed.violations })
    return
  }
  const referenceHeader = req.headers["x-vendor-referenceid"]
  const referenceId = (Array.isArray(referenceHeader) ? referenceHeader[0] : referenceHeader) ?? null
  const rows = parsed.notifications.map((n) => rowOfNotification(n, referenceId))
  const ids = await shipping.writeTrackingEvents(rows)
  if (referenceId) res.setHeader("X-Vendor-ReferenceId", referenceId)
  res.status(200).json({ received: rows.length, stored: ids.filter(Boolean).length })

  const stored = rows.filter((_, i) => ids[i]).map((r) => r.tracking_number)
  announceStoredTracking(req.scope, stored, kind)
}
