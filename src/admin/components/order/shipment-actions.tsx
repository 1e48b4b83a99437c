import { Button, Text, Tooltip, toast, usePrompt } from "@medusajs/ui"
import { ArrowDownTray, ArrowPath, XCircle } from "@medusajs/icons"
import { useState } from "react"
import { useReprint, useVoid } from "../../lib/api"
import { downloadFile, pageFileName } from "../../lib/files"
import { errorMessage } from "../../lib/format"
import type { ShipmentView } from "../../lib/types"
import { LabelPreview } from "./label-preview"

/** A disabled button says why in a tooltip. */
function WithReason({
  reason,
  children,
}: {
  reason: string | null
  children: React.ReactNode
}) {
  return reason ? (
    <Tooltip content={reason}>
      <span>{children}</span>
    </Tooltip>
  ) : (
    <>{children}</>
  )
}

/** Download, preview, reprint and void of one label. */
export function ShipmentActions({
  orderId,
  shipment,
}: {
  orderId: string
  shipment: ShipmentView
}) {
  const reprint = useReprint(orderId)
  const voidLabel = useVoid(orderId)
  const prompt = usePrompt()
  const [downloading, setDownloading] = useState(false)
  const label = shipment.label

  const onDownload = async () => {
    if (!label) return
    setDownloading(true)
    try {
      // Every page as a file of its own, as printed (thermal printers take one .zpl per label).
      for (let page = 0; page < label.pages; page++) {
        const path =
          label.pages > 1
            ? `${label.download_url}&page=${page}`
            : label.download_url
        await downloadFile(
          path,
          label.mime_type,
          pageFileName(label.file_name, page, label.pages)
        )
      }
    } catch (e) {
      toast.error("The label could not be downloaded", {
        description: errorMessage(e),
      })
    } finally {
      setDownloading(false)
    }
  }

  const onReprint = () =>
    reprint.mutate(shipment.id, {
      onSuccess: (r) =>
        toast.success("Label reprinted", {
          description: `${r.reprints.left} of ${r.reprints.max} reprints left. Download the new label.`,
        }),
      onError: (e) =>
        toast.error("The label was not reprinted", {
          description: errorMessage(e),
        }),
    })

  const onVoid = async () => {
    const confirmed = await prompt({
      title: "Void this label?",
      description: `The label ${shipment.tracking_number ?? ""} is voided at the service and its fulfillment canceled in Medusa; the items go back to be fulfilled. This cannot be undone.`,
      confirmText: "Void label",
      cancelText: "Keep it",
    })
    if (!confirmed) return
    voidLabel.mutate(shipment.id, {
      onSuccess: (r) =>
        toast.success("Label voided", {
          description:
            r.void.void_status === "INITIATED"
              ? "The postage refund is requested."
              : "The label is canceled.",
        }),
      onError: (e) =>
        toast.error("The label was not voided", {
          description: errorMessage(e),
        }),
    })
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      {!label && shipment.label_removed && (
        <Text
          size="small"
          className="text-ui-fg-subtle"
          title={shipment.label_removed.message}
          data-testid="label-removed"
        >
          {shipment.label_removed.keep_days
            ? `Label removed after ${shipment.label_removed.keep_days} days`
            : "Label removed"}
          {shipment.label_removed.reprint_allowed
            ? "; reprint"
            : "; it cannot be reprinted"}
        </Text>
      )}
      {label && (
        <>
          <Button
            size="small"
            variant="secondary"
            onClick={onDownload}
            isLoading={downloading}
            data-testid="download-label"
          >
            <ArrowDownTray />
            Download {label.format === "ZPL2" ? "ZPL" : label.format}
          </Button>
          {label.previewable && (
            <LabelPreview
              label={label}
              trackingNumber={shipment.tracking_number}
            />
          )}
        </>
      )}
      {shipment.status === "created" && (
        <WithReason reason={shipment.reprints.reason}>
          <Button
            size="small"
            variant="secondary"
            onClick={onReprint}
            disabled={!shipment.reprints.allowed}
            isLoading={reprint.isPending}
            data-testid="reprint-label"
          >
            <ArrowPath />
            Reprint ({shipment.reprints.left} of {shipment.reprints.max} left)
          </Button>
        </WithReason>
      )}
      {shipment.status === "created" && (
        <WithReason reason={shipment.void.reason}>
          <Button
            size="small"
            variant="danger"
            onClick={onVoid}
            disabled={!shipment.void.allowed}
            isLoading={voidLabel.isPending}
            data-testid="void-label"
          >
            <XCircle />
            Void
          </Button>
        </WithReason>
      )}
    </div>
  )
}
