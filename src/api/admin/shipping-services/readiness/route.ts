import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  catalogReadinessReport,
  catalogSourcesOf,
} from "../../../../orchestration/setup-shipping/readiness"
import type { AdminReadinessQueryType } from "../validators"

/**
 * GET /admin/shipping-services/readiness[?product_id=…][&fresh=true]: the catalog's variants
 * that cannot ship with the configured services, and why (checkout's own dry run, per service
 * and destination); `product_id` narrows to one product (the product page's widget). Read at
 * most once a minute per process unless `fresh`. 400 names a bad parameter (src/api/middlewares.ts).
 */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, AdminReadinessQueryType>,
  res: MedusaResponse
) {
  const { product_id, fresh } = req.validatedQuery
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
