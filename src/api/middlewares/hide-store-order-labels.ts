import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { medusaCan } from "../../lib/medusa-release"

/** A field path through a fulfillment's labels (`*fulfillments.labels`, `fulfillments.labels.tracking_number`, …). */
export const throughLabels = (field: string): boolean =>
  field.replace(/^\*/, "").split(".").includes("labels")

/** GET /store/orders/:id answers anyone with the order's id: before 2.21 Medusa resolves any field there, labels too. */
export function hideStoreOrderLabels(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction
) {
  if (medusaCan("limitsStoreOrderFields")) return next()
  // Runs after Medusa's own query validation, which has put the fields to resolve here.
  const config = req.queryConfig as { fields?: string[] } | undefined
  if (config?.fields)
    config.fields = config.fields.filter((f) => !throughLabels(f))
  next()
}
