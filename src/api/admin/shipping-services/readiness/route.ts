import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  catalogReadinessReport,
  catalogSourcesOf,
} from "../../../../orchestration/setup-shipping/readiness"
import type { AdminReadinessQueryType } from "../validators"

/** Variants that cannot ship, and why; `product_id` narrows to one. Read at most once a minute per process unless `fresh`. */
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
