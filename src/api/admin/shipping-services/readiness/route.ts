import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  catalogReadinessReport,
  catalogSourcesOf,
} from "../../../../orchestration/setup-shipping/readiness"
import { AdminReadinessQuery, parseQuery } from "../validators"

/**
 * GET /admin/shipping-services/readiness[?product_id=…][&fresh=true]: the catalog's variants
 * that cannot ship with the configured services, and why (checkout's own dry run, per service
 * and destination); `product_id` narrows to one product (the product page's widget). Read at
 * most once a minute per process unless `fresh`. 400 names a bad parameter.
 */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const parsed = parseQuery(AdminReadinessQuery, req.query)
  if (!parsed.ok) {
    res.status(400).json({ type: "invalid_data", message: parsed.message })
    return
  }
  const { product_id, fresh } = parsed.value
  const report = await catalogReadinessReport(catalogSourcesOf(req.scope), {
    fresh: fresh === "true",
  })
  res.json(
    product_id
      ? {
          ...report,
          variants: report.variants.filter((v) => v.product_id === product_id),
        }
      : report
  )
}
