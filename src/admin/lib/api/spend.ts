import { useQuery } from "@tanstack/react-query"
import type { SpendRow, totalsByCurrency } from "../../../lib/spend/report"
import { saveBlob } from "../files"
import { sdk } from "../sdk"
import { get } from "./client"

export type SpendFilters = {
  from?: string
  to?: string
  period: "day" | "week" | "month"
  service?: string
}

export type SpendReport = {
  from: string
  to: string
  period: SpendFilters["period"]
  rows: SpendRow[]
  totals: ReturnType<typeof totalsByCurrency>
  services: { service_id: string; name: string }[]
}

const query = (filters: SpendFilters, format?: "csv") =>
  new URLSearchParams(
    Object.entries({ ...filters, format })
      .filter(([, v]) => v !== undefined && v !== "")
      .map(([k, v]) => [k, String(v)])
  )

export const useSpendReport = (filters: SpendFilters) =>
  useQuery({
    queryKey: ["shipping-services", "spend", filters],
    queryFn: () => get<SpendReport>(`/spend?${query(filters)}`),
    retry: false,
  })

/** Saved under the range's name, the admin's session sent along. */
export async function downloadSpendCsv(report: SpendReport, service?: string) {
  const filters = {
    from: report.from,
    to: report.to,
    period: report.period,
    service,
  }
  const res = await sdk.client.fetch<Response>(
    `/admin/shipping-services/spend?${query(filters, "csv")}`,
    { headers: { accept: "text/csv" } }
  )
  saveBlob(
    await res.blob(),
    `shipping-spend-${report.from}-${report.to}-${report.period}.csv`
  )
}
