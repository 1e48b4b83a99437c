import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ChartBar } from "@medusajs/icons"
import {
  Button,
  Container,
  Heading,
  Input,
  Select,
  Table,
  Text,
  toast,
} from "@medusajs/ui"
import { useEffect, useMemo, useState } from "react"
import { SpendChart } from "../../components/spend/spend-chart"
import {
  downloadSpendCsv,
  useSpendReport,
  type SpendFilters,
} from "../../lib/api/spend"
import { errorMessage, formatMoney } from "../../lib/format"
import { periodSeries, periodStarts } from "../../../lib/spend/report"

const ALL = "all"
const NONE = "none"

/** One currency at a time, never summed across; a chart of the periods and the rows as CSV. */
const ShippingSpendPage = () => {
  const [filters, setFilters] = useState<SpendFilters>({ period: "day" })
  const { data, error, isLoading } = useSpendReport(filters)
  const [currency, setCurrency] = useState<string | null>(null)
  const currencies = useMemo(
    () => (data?.totals ?? []).map((t) => t.currency),
    [data]
  )
  useEffect(() => {
    if (currencies.length && !currencies.includes(currency))
      setCurrency(currencies[0] ?? null)
  }, [currencies, currency])
  const set = (patch: Partial<SpendFilters>) =>
    setFilters((f) => ({ ...f, ...patch }))

  const money = useMemo(
    () => (amount: number) => formatMoney(amount, currency ?? undefined),
    [currency]
  )
  const chart = useMemo(() => {
    if (!data) return null
    const periods = periodStarts(data.from, data.to, data.period)
    const points = periodSeries(data.rows, currency, periods)
    return {
      periods,
      series: [
        {
          label: "Postage",
          color: "#e5484d",
          values: points.map((p) => p.postage),
        },
        {
          label: "Shoppers paid",
          color: "#30a46c",
          values: points.map((p) => p.shipping_charged),
        },
        {
          label: "Difference",
          color: "#3e63dd",
          values: points.map((p) => p.difference),
        },
      ],
    }
  }, [data, currency])
  const names = new Map(data?.services.map((s) => [s.service_id, s.name]))
  const rows = (data?.rows ?? []).filter((r) => r.currency === currency)
  const total = data?.totals.find((t) => t.currency === currency)

  const onExport = () =>
    data &&
    downloadSpendCsv(data, filters.service).catch((e) =>
      toast.error("No CSV", { description: errorMessage(e) })
    )

  return (
    <Container className="divide-y p-0" data-testid="shipping-spend">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h1">Shipping spend</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Postage paid for outbound labels beside what shoppers paid for
            shipping, per period and service (days in UTC).
          </Text>
        </div>
        <Button
          size="small"
          variant="secondary"
          disabled={!data}
          onClick={onExport}
          data-testid="spend-export"
        >
          Export CSV
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-3 px-6 py-4">
        <div className="w-[140px]">
          <Select
            size="small"
            value={filters.period}
            onValueChange={(v) => set({ period: v as SpendFilters["period"] })}
          >
            <Select.Trigger data-testid="spend-period">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value="day">By day</Select.Item>
              <Select.Item value="week">By week</Select.Item>
              <Select.Item value="month">By month</Select.Item>
            </Select.Content>
          </Select>
        </div>
        {(["from", "to"] as const).map((end) => (
          <Input
            key={end}
            size="small"
            type="date"
            className="w-[150px]"
            value={filters[end] ?? data?.[end] ?? ""}
            onChange={(e) => set({ [end]: e.target.value || undefined })}
            aria-label={end === "from" ? "From" : "To"}
            data-testid={`spend-${end}`}
          />
        ))}
        <div className="w-[200px]">
          <Select
            size="small"
            value={filters.service ?? ALL}
            onValueChange={(v) => set({ service: v === ALL ? undefined : v })}
          >
            <Select.Trigger data-testid="spend-service">
              <Select.Value placeholder="Service" />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value={ALL}>All services</Select.Item>
              {(data?.services ?? []).map((s) => (
                <Select.Item key={s.service_id} value={s.service_id}>
                  {s.name}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </div>
        {currencies.length > 1 && (
          <div className="w-[120px]">
            <Select
              size="small"
              value={currency ?? NONE}
              onValueChange={(v) => setCurrency(v === NONE ? null : v)}
            >
              <Select.Trigger data-testid="spend-currency">
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                {currencies.map((c) => (
                  <Select.Item key={c ?? NONE} value={c ?? NONE}>
                    {c ? c.toUpperCase() : "No currency"}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
          </div>
        )}
      </div>
      {error ? (
        <Text
          size="small"
          className="px-6 py-4 text-ui-fg-error"
          data-testid="spend-error"
        >
          {errorMessage(error)}
        </Text>
      ) : isLoading || !data ? (
        <Text size="small" className="px-6 py-4 text-ui-fg-subtle">
          Loading…
        </Text>
      ) : !data.rows.length ? (
        <Text
          size="small"
          className="px-6 py-4 text-ui-fg-subtle"
          data-testid="spend-empty"
        >
          No label was bought in this range.
        </Text>
      ) : (
        <>
          {total && (
            <div
              className="grid grid-cols-2 gap-4 px-6 py-4 md:grid-cols-5"
              data-testid="spend-totals"
            >
              {[
                [
                  "Labels",
                  `${total.labels}${total.voided ? ` (${total.voided} voided)` : ""}`,
                ],
                ["Postage paid", money(total.postage)],
                ["Shoppers paid", money(total.shipping_charged)],
                ["Difference", money(total.difference)],
                ["Rate shopping saved", money(total.saving)],
              ].map(([label, value]) => (
                <div key={label}>
                  <Text size="xsmall" className="text-ui-fg-subtle">
                    {label}
                  </Text>
                  <Text
                    size="large"
                    weight="plus"
                    data-testid={`spend-total-${label}`}
                  >
                    {value}
                  </Text>
                </div>
              ))}
            </div>
          )}
          <div className="px-6 py-4">
            {chart && (
              <SpendChart
                periods={chart.periods}
                series={chart.series}
                format={money}
              />
            )}
          </div>
          <Table data-testid="spend-table">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Period</Table.HeaderCell>
                <Table.HeaderCell>Service</Table.HeaderCell>
                <Table.HeaderCell>Labels</Table.HeaderCell>
                <Table.HeaderCell>Postage</Table.HeaderCell>
                <Table.HeaderCell>Refunded (voids)</Table.HeaderCell>
                <Table.HeaderCell>Shoppers paid</Table.HeaderCell>
                <Table.HeaderCell>Their tax</Table.HeaderCell>
                <Table.HeaderCell>Difference</Table.HeaderCell>
                <Table.HeaderCell>Saved</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row
                  key={`${r.period}-${r.service_id}`}
                  data-testid="spend-row"
                >
                  <Table.Cell>{r.period}</Table.Cell>
                  <Table.Cell>
                    {names.get(r.service_id) ?? r.service_id}
                  </Table.Cell>
                  <Table.Cell>
                    {r.labels}
                    {r.voided ? ` (${r.voided} voided)` : ""}
                  </Table.Cell>
                  <Table.Cell>{money(r.postage)}</Table.Cell>
                  <Table.Cell>
                    {money(r.refunded)}
                    {r.refund_pending
                      ? ` (${money(r.refund_pending)} pending)`
                      : ""}
                  </Table.Cell>
                  <Table.Cell>{money(r.shipping_charged)}</Table.Cell>
                  <Table.Cell>{money(r.shipping_tax)}</Table.Cell>
                  <Table.Cell
                    className={r.difference < 0 ? "text-ui-fg-error" : ""}
                  >
                    {money(r.difference)}
                  </Table.Cell>
                  <Table.Cell>{money(r.saving)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </>
      )}
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "Shipping spend",
  icon: ChartBar,
})

export default ShippingSpendPage
