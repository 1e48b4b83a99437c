import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { spendCsv } from "../../../../lib/spend/csv"
import type { SpendQuery } from "../../../../lib/spend/query"
import { totalsByCurrency } from "../../../../lib/spend/report"
import { shippingOf } from "../../../../modules/shipping-services"

/** Per period, service and currency, with totals per currency; `format=csv` answers the same rows as a file. */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, SpendQuery>,
  res: MedusaResponse
) {
  const { format, ...filter } = req.validatedQuery
  const shipping = shippingOf(req.scope)
  const rows = await shipping.spendReport(filter)
  if (format === "csv") {
    res.setHeader("Content-Type", "text/csv; charset=utf-8")
    res.setHeader(
      "Content-Disposition",
      `attachment; filename="shipping-spend-${filter.from}-${filter.to}-${filter.period}.csv"`
    )
    res.status(200).send(spendCsv(rows))
    return
  }
  // Named by the outbound option's name (a return option may use the same service).
  const names = new Map(
    shipping
      .getOptions()
      .services.toSorted((a, b) => Number(b.isReturn) - Number(a.isReturn))
      .map((s) => [s.serviceId, s.name])
  )
  res.status(200).json({
    ...filter,
    rows,
    totals: totalsByCurrency(rows),
    services: [...new Set(rows.map((r) => r.service_id))].map((id) => ({
      service_id: id,
      name: names.get(id) ?? id,
    })),
  })
}
