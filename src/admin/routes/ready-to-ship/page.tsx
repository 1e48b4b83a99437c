import { defineRouteConfig } from "@medusajs/admin-sdk"
import { DocumentText } from "@medusajs/icons"
import {
  Badge,
  Button,
  Checkbox,
  Container,
  Heading,
  Input,
  Select,
  Table,
  Tabs,
  Text,
  toast,
} from "@medusajs/ui"
import { useEffect, useMemo, useState } from "react"
import { Link, useNavigate } from "react-router-dom"
import {
  PrintOptions,
  type PrintChoice,
} from "../../components/batches/print-options"
import {
  useCreateBatch,
  useHoldOrder,
  useReadyToShip,
  type ReadyFilters,
} from "../../lib/api"
import { errorMessage, formatDateTime } from "../../lib/format"
import type { ReadyOrder } from "../../lib/types"
import { RecentBatches } from "../../components/batches/recent-batches"

const PAGE = 50
const ALL = "all"

const stateBadge: Record<
  ReadyOrder["state"],
  { color: "grey" | "red" | "orange" | "blue"; label: string }
> = {
  manual: { color: "grey", label: "Waiting" },
  failed: { color: "red", label: "Failed" },
  waiting: { color: "orange", label: "Waiting for the service" },
  held: { color: "orange", label: "Held" },
  labelled: { color: "blue", label: "Not printed" },
}

/** Orders awaiting a label and labels not printed, a page at a time; selected ones are bought or printed as one batch. */
const ReadyToShipPage = () => {
  const navigate = useNavigate()
  const [filters, setFilters] = useState<ReadyFilters>({
    view: "awaiting",
    offset: 0,
    limit: PAGE,
  })
  const { data, isLoading } = useReadyToShip(filters)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [print, setPrint] = useState<PrintChoice | null>(null)
  const create = useCreateBatch()
  const hold = useHoldOrder()
  useEffect(() => {
    if (data && !print) setPrint(data.printing)
  }, [data, print])
  useEffect(() => setSelected(new Set()), [filters.view])

  const set = (patch: Partial<ReadyFilters>) =>
    setFilters((f) => ({ ...f, offset: 0, ...patch }))
  const orders = data?.orders ?? []
  const pageIds = useMemo(() => orders.map((o) => o.order_id), [orders])
  const allOnPage =
    pageIds.length > 0 && pageIds.every((id) => selected.has(id))
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  const mode = filters.view === "awaiting" ? "buy" : "print"

  const onCreate = () =>
    print &&
    create.mutate(
      { order_ids: [...selected], mode, ...print },
      {
        onSuccess: ({ batch }) => {
          if (batch.refused.length)
            toast.warning(`${batch.refused.length} order(s) left out`, {
              description: batch.refused
                .map((r) => `#${r.display_id ?? r.order_id}: ${r.reason}`)
                .join("; "),
            })
          setSelected(new Set())
          navigate(`/ready-to-ship/batches/${batch.id}`)
        },
        onError: (e) =>
          toast.error("No batch was created", { description: errorMessage(e) }),
      }
    )

  const onHold = (o: ReadyOrder) =>
    hold.mutate(
      { orderId: o.order_id, hold: o.state !== "held" },
      {
        onError: (e) =>
          toast.error(o.state === "held" ? "Not released" : "Not held", {
            // Medusa answers every conflict in its own generic words.
            description:
              (e as { status?: number }).status === 409
                ? "Its labels are being bought right now; try again once they are."
                : errorMessage(e),
          }),
      }
    )

  return (
    <div className="flex flex-col gap-y-3" data-testid="ready-to-ship">
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <div>
            <Heading level="h1">Ready to ship</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              Buy and print many labels at once: one print file with packing
              slips and customs papers.
            </Text>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3 px-6 py-4">
          <Tabs
            value={filters.view}
            onValueChange={(view) =>
              set({ view: view as ReadyFilters["view"] })
            }
          >
            <Tabs.List>
              <Tabs.Trigger value="awaiting" data-testid="view-awaiting">
                Awaiting a label
              </Tabs.Trigger>
              <Tabs.Trigger value="labelled" data-testid="view-labelled">
                Labelled, not printed
              </Tabs.Trigger>
            </Tabs.List>
          </Tabs>
          <div className="w-[220px]">
            <Select
              size="small"
              value={filters.service ?? ALL}
              onValueChange={(v) => set({ service: v === ALL ? undefined : v })}
            >
              <Select.Trigger data-testid="filter-service">
                <Select.Value placeholder="Service" />
              </Select.Trigger>
              <Select.Content>
                <Select.Item value={ALL}>All services</Select.Item>
                {(data?.services ?? []).map((s) => (
                  <Select.Item key={s.id} value={s.id}>
                    {s.name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
          </div>
          <div className="w-[160px]">
            <Select
              size="small"
              value={filters.lane ?? ALL}
              onValueChange={(v) => set({ lane: v === ALL ? undefined : v })}
            >
              <Select.Trigger data-testid="filter-lane">
                <Select.Value placeholder="Lane" />
              </Select.Trigger>
              <Select.Content>
                <Select.Item value={ALL}>All lanes</Select.Item>
                <Select.Item value="domestic">Domestic</Select.Item>
                <Select.Item value="cross-border">Cross-border</Select.Item>
              </Select.Content>
            </Select>
          </div>
          <Input
            size="small"
            type="date"
            className="w-[150px]"
            value={filters.from ?? ""}
            onChange={(e) => set({ from: e.target.value || undefined })}
            aria-label="From"
            data-testid="filter-from"
          />
          <Input
            size="small"
            type="date"
            className="w-[150px]"
            value={filters.to ?? ""}
            onChange={(e) => set({ to: e.target.value || undefined })}
            aria-label="To"
            data-testid="filter-to"
          />
        </div>
        <div className="flex flex-col gap-y-3 px-6 py-4">
          {print && (
            <PrintOptions
              value={print}
              onChange={setPrint}
              testId="batch-options"
            />
          )}
          <div className="flex items-center gap-x-3">
            <Button
              size="small"
              disabled={!selected.size}
              isLoading={create.isPending}
              onClick={onCreate}
              data-testid="create-batch"
            >
              {mode === "buy"
                ? `Buy labels for ${selected.size} order${selected.size === 1 ? "" : "s"}`
                : `Print ${selected.size} order${selected.size === 1 ? "" : "s"}`}
            </Button>
            {selected.size > 0 && (
              <Button
                size="small"
                variant="transparent"
                onClick={() => setSelected(new Set())}
              >
                Clear selection
              </Button>
            )}
          </div>
        </div>
        <div className="px-0 py-0">
          {isLoading ? (
            <Text size="small" className="px-6 py-4 text-ui-fg-subtle">
              Loading…
            </Text>
          ) : !orders.length ? (
            <Text
              size="small"
              className="px-6 py-4 text-ui-fg-subtle"
              data-testid="ready-empty"
            >
              {filters.view === "awaiting"
                ? "No order waits for a label."
                : "Every label is printed."}
            </Text>
          ) : (
            <Table data-testid="ready-table">
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>
                    <Checkbox
                      checked={allOnPage}
                      onCheckedChange={(c) =>
                        pageIds.forEach((id) => toggle(id, c === true))
                      }
                      aria-label="Select the page"
                      data-testid="select-page"
                    />
                  </Table.HeaderCell>
                  <Table.HeaderCell>Order</Table.HeaderCell>
                  <Table.HeaderCell>Placed</Table.HeaderCell>
                  <Table.HeaderCell>Customer</Table.HeaderCell>
                  <Table.HeaderCell>Destination</Table.HeaderCell>
                  <Table.HeaderCell>Service</Table.HeaderCell>
                  <Table.HeaderCell>Lane</Table.HeaderCell>
                  <Table.HeaderCell>Status</Table.HeaderCell>
                  <Table.HeaderCell />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {orders.map((o) => (
                  <Table.Row
                    key={`${o.order_id}-${o.tracking_number ?? ""}`}
                    data-testid="ready-row"
                    data-order-id={o.order_id}
                  >
                    <Table.Cell>
                      <Checkbox
                        checked={selected.has(o.order_id)}
                        onCheckedChange={(c) => toggle(o.order_id, c === true)}
                        aria-label={`Select order ${o.display_id}`}
                        data-testid="select-order"
                      />
                    </Table.Cell>
                    <Table.Cell>
                      <Link
                        to={`/orders/${o.order_id}`}
                        className="text-ui-fg-interactive"
                      >
                        #{o.display_id ?? o.order_id}
                      </Link>
                    </Table.Cell>
                    <Table.Cell>{formatDateTime(o.placed_at)}</Table.Cell>
                    <Table.Cell>{o.customer ?? "–"}</Table.Cell>
                    <Table.Cell>{o.destination ?? "–"}</Table.Cell>
                    <Table.Cell>
                      {o.service.name ?? "–"}
                      {o.service.bought?.length ? (
                        <Text
                          size="xsmall"
                          className="text-ui-fg-subtle"
                          data-testid="ready-bought"
                        >
                          {o.service.bought.join(" · ")}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>
                      {o.lane === "cross-border"
                        ? "Cross-border"
                        : o.lane === "domestic"
                          ? "Domestic"
                          : "–"}
                    </Table.Cell>
                    <Table.Cell>
                      <div className="flex flex-col items-start gap-y-1">
                        <Badge size="2xsmall" color={stateBadge[o.state].color}>
                          {stateBadge[o.state].label}
                        </Badge>
                        <Text
                          size="xsmall"
                          className="max-w-[320px] text-ui-fg-subtle"
                          data-testid="ready-reason"
                        >
                          {o.tracking_number ?? o.reason}
                        </Text>
                      </div>
                    </Table.Cell>
                    <Table.Cell>
                      {o.state !== "labelled" && (
                        <Button
                          size="small"
                          variant="secondary"
                          onClick={() => onHold(o)}
                          disabled={hold.isPending}
                          data-testid="hold-order"
                        >
                          {o.state === "held" ? "Release" : "Hold"}
                        </Button>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          )}
        </div>
        {data && data.count > PAGE && (
          <div className="flex items-center justify-between px-6 py-3">
            <Text size="small" className="text-ui-fg-subtle">
              {data.offset + 1}–{Math.min(data.offset + data.limit, data.count)}{" "}
              of {data.count}
            </Text>
            <div className="flex gap-x-2">
              <Button
                size="small"
                variant="secondary"
                disabled={data.offset === 0}
                onClick={() =>
                  setFilters((f) => ({
                    ...f,
                    offset: Math.max(0, f.offset - PAGE),
                  }))
                }
              >
                Previous
              </Button>
              <Button
                size="small"
                variant="secondary"
                disabled={data.offset + data.limit >= data.count}
                onClick={() =>
                  setFilters((f) => ({ ...f, offset: f.offset + PAGE }))
                }
              >
                Next
              </Button>
            </div>
          </div>
        )}
      </Container>
      <RecentBatches />
    </div>
  )
}

export const config = defineRouteConfig({
  label: "Ready to ship",
  icon: DocumentText,
})

export default ReadyToShipPage
