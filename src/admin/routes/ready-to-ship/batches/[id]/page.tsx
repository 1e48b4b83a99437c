import { ArrowDownTray } from "@medusajs/icons"
import {
  Alert,
  Badge,
  Button,
  Container,
  Heading,
  Table,
  Text,
  toast,
} from "@medusajs/ui"
import { useEffect, useState } from "react"
import { Link, useParams } from "react-router-dom"
import {
  PrintOptions,
  type PrintChoice,
} from "../../../../components/batches/print-options"
import { usePrintBatch, useRetryBatch, useBatch } from "../../../../lib/api"
import { downloadFile } from "../../../../lib/files"
import { errorMessage, formatDateTime } from "../../../../lib/format"
import type { BatchView } from "../../../../lib/types"

const itemBadge = {
  waiting: "grey",
  running: "blue",
  done: "green",
  failed: "red",
} as const

const BatchPage = () => {
  const { id } = useParams() as { id: string }
  const { data, isLoading } = useBatch(id)
  const batch = data?.batch
  const retry = useRetryBatch(id)
  const reprint = usePrintBatch(id)
  const [print, setPrint] = useState<PrintChoice | null>(null)
  useEffect(() => {
    if (batch && !print)
      setPrint({
        layout: batch.layout,
        packing_slips: batch.packing_slips,
        commercial_invoices: batch.commercial_invoices,
        separate: batch.separate,
      })
  }, [batch, print])
  if (isLoading || !batch) return <Text size="small">Loading…</Text>

  const settled = batch.counts.done + batch.counts.failed
  const percent = batch.counts.total
    ? Math.round((settled / batch.counts.total) * 100)
    : 100
  const sameSettings =
    print &&
    print.layout === batch.layout &&
    print.packing_slips === batch.packing_slips &&
    print.commercial_invoices === batch.commercial_invoices &&
    print.separate === batch.separate

  const onRetry = (itemIds?: string[]) =>
    retry.mutate(itemIds, {
      onError: (e) =>
        toast.error("Not retried", { description: errorMessage(e) }),
    })
  const save = async (f: BatchView["files"][number]) =>
    downloadFile(f.download_url, f.mime_type, f.file_name)
  /** Makes the file again first when other settings were chosen here. */
  const onDownload = async () => {
    try {
      let files = batch.files
      if (!sameSettings && print)
        files = (await reprint.mutateAsync(print)).batch.files
      for (const f of files) await save(f)
    } catch (e) {
      toast.error("The print file could not be downloaded", {
        description: errorMessage(e),
      })
    }
  }

  return (
    <div
      className="flex flex-col gap-y-3"
      data-testid="batch-page"
      data-batch-id={batch.id}
      data-status={batch.status}
    >
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <div>
            <Heading level="h1">
              {batch.mode === "buy" ? "Label batch" : "Print batch"}
            </Heading>
            <Text size="small" className="text-ui-fg-subtle">
              Started {formatDateTime(batch.created_at)} ·{" "}
              <Link to="/ready-to-ship" className="text-ui-fg-interactive">
                Ready to ship
              </Link>
            </Text>
          </div>
          <Badge
            color={batch.status === "done" ? "green" : "blue"}
            data-testid="batch-status"
          >
            {batch.status === "buying"
              ? "Buying labels"
              : batch.status === "printing"
                ? "Making the print file"
                : "Done"}
          </Badge>
        </div>
        <div
          className="flex flex-col gap-y-2 px-6 py-4"
          data-testid="batch-progress"
        >
          <div className="h-2 w-full overflow-hidden rounded-full bg-ui-bg-subtle">
            <div
              className="h-2 bg-ui-fg-interactive transition-all"
              style={{ width: `${percent}%` }}
            />
          </div>
          <Text size="small">
            <span data-testid="count-done">{batch.counts.done}</span> done ·{" "}
            <span data-testid="count-failed">{batch.counts.failed}</span> failed
            ·{" "}
            <span data-testid="count-waiting">
              {batch.counts.waiting + batch.counts.running}
            </span>{" "}
            waiting · {batch.counts.total} orders
          </Text>
        </div>
        {batch.refused.length > 0 && (
          <div className="px-6 py-4">
            <Alert variant="warning" data-testid="batch-refused">
              <Text size="small" weight="plus">
                Left out (nothing was bought for them)
              </Text>
              {batch.refused.map((r) => (
                <Text size="small" key={r.order_id}>
                  #{r.display_id ?? r.order_id}: {r.reason}
                </Text>
              ))}
            </Alert>
          </div>
        )}
      </Container>

      {batch.counts.failed > 0 && (
        <Container className="divide-y p-0" data-testid="batch-failures">
          <div className="flex items-center justify-between px-6 py-4">
            <Heading level="h2">Failures</Heading>
            <Button
              size="small"
              variant="secondary"
              onClick={() => onRetry()}
              isLoading={retry.isPending}
              data-testid="retry-failed"
            >
              Retry all failed
            </Button>
          </div>
          <Table>
            <Table.Body>
              {batch
                .items!.filter((i) => i.status === "failed")
                .map((i) => (
                  <Table.Row key={i.id} data-testid="failed-item">
                    <Table.Cell>
                      <Link
                        to={`/orders/${i.order_id}`}
                        className="text-ui-fg-interactive"
                      >
                        #{i.display_id ?? i.order_id}
                      </Link>
                    </Table.Cell>
                    <Table.Cell className="whitespace-normal">
                      {i.error}
                    </Table.Cell>
                    <Table.Cell>
                      <Button
                        size="small"
                        variant="transparent"
                        onClick={() => onRetry([i.id])}
                        disabled={retry.isPending}
                      >
                        Retry
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
            </Table.Body>
          </Table>
        </Container>
      )}

      <Container className="divide-y p-0" data-testid="batch-files">
        <div className="flex flex-col gap-y-3 px-6 py-4">
          <Heading level="h2">Print file</Heading>
          {batch.print_error && (
            <Alert variant="error">{batch.print_error}</Alert>
          )}
          {batch.files_removed_at && (
            <Alert data-testid="batch-files-removed">
              The print files were removed on{" "}
              {batch.files_removed_at.slice(0, 10)}, after the last of the
              batch&apos;s labels (documents.keepDays). Reprint a label from its
              order to print it again.
            </Alert>
          )}
          {print && !batch.files_removed_at && (
            <PrintOptions
              value={print}
              onChange={setPrint}
              testId="download-options"
            />
          )}
          <div>
            <Button
              size="small"
              onClick={onDownload}
              disabled={
                batch.status !== "done" ||
                !!batch.files_removed_at ||
                (!batch.files.length && !!sameSettings)
              }
              isLoading={reprint.isPending}
              data-testid="download-batch"
            >
              <ArrowDownTray />
              {sameSettings ? "Download" : "Make again and download"}
            </Button>
          </div>
          {batch.files.map((f) => (
            <Text
              size="small"
              key={f.kind}
              className="text-ui-fg-subtle"
              data-testid="batch-file"
            >
              {f.file_name}: {f.pages} {f.kind === "zpl" ? "labels" : "pages"},{" "}
              {(f.size / 1024).toFixed(0)} KB{f.layout ? ` (${f.layout})` : ""}
            </Text>
          ))}
        </div>
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Order</Table.HeaderCell>
              <Table.HeaderCell>Status</Table.HeaderCell>
              <Table.HeaderCell>Labels</Table.HeaderCell>
              <Table.HeaderCell>Note</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {batch.items!.map((i) => (
              <Table.Row
                key={i.id}
                data-testid="batch-item"
                data-status={i.status}
              >
                <Table.Cell>#{i.display_id ?? i.order_id}</Table.Cell>
                <Table.Cell>
                  <Badge size="2xsmall" color={itemBadge[i.status]}>
                    {i.status}
                  </Badge>
                </Table.Cell>
                <Table.Cell>
                  {i.labels}
                  {i.services ? (
                    <span
                      className="text-ui-fg-subtle"
                      data-testid="batch-item-services"
                    >
                      {" "}
                      ({i.services.join(" · ")})
                    </span>
                  ) : null}
                </Table.Cell>
                <Table.Cell className="whitespace-normal">
                  {i.error ?? i.note ?? ""}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </Container>
    </div>
  )
}

export default BatchPage
