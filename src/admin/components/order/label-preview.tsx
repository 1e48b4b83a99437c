import { Button, Drawer, Text, toast } from "@medusajs/ui"
import { Eye } from "@medusajs/icons"
import { useEffect, useState } from "react"
import { fetchFile } from "../../lib/files"
import { errorMessage } from "../../lib/format"
import type { LabelView } from "../../lib/types"

/** Fetched with the admin's session into a blob URL, or the presigned URL with file storage. */
export function LabelPreview({
  label,
  trackingNumber,
}: {
  label: LabelView
  trackingNumber: string | null
}) {
  const [open, setOpen] = useState(false)
  const [url, setUrl] = useState<string | null>(null)

  useEffect(() => {
    if (!open) return
    let objectUrl: string | null = null
    let cancelled = false
    fetchFile(label.url, label.mime_type)
      .then((source) => {
        if (cancelled) return
        if ("url" in source) return setUrl(source.url)
        objectUrl = URL.createObjectURL(source.blob)
        setUrl(objectUrl)
      })
      .catch((e) => {
        toast.error("The label could not be loaded", {
          description: errorMessage(e),
        })
        setOpen(false)
      })
    return () => {
      cancelled = true
      if (objectUrl) URL.revokeObjectURL(objectUrl)
      setUrl(null)
    }
  }, [open, label.url, label.mime_type])

  return (
    <Drawer open={open} onOpenChange={setOpen}>
      <Drawer.Trigger asChild>
        <Button size="small" variant="secondary" data-testid="preview-label">
          <Eye />
          Preview
        </Button>
      </Drawer.Trigger>
      <Drawer.Content className="max-w-2xl">
        <Drawer.Header>
          <Drawer.Title>Label {trackingNumber ?? ""}</Drawer.Title>
          <Drawer.Description>
            {label.format} · {label.size ?? "no size"}
            {label.pages > 1 ? ` · page 1 of ${label.pages}` : ""}
          </Drawer.Description>
        </Drawer.Header>
        <Drawer.Body className="flex items-start justify-center overflow-auto p-4">
          {!url ? (
            <Text size="small" className="text-ui-fg-subtle">
              Loading the label…
            </Text>
          ) : label.mime_type === "application/pdf" ? (
            <iframe
              title={`Label ${trackingNumber ?? ""}`}
              src={url}
              className="h-[75vh] w-full rounded-md border"
              data-testid="label-frame"
            />
          ) : (
            <img
              alt={`Label ${trackingNumber ?? ""}`}
              src={url}
              className="max-h-[75vh] max-w-full rounded-md border"
              data-testid="label-image"
            />
          )}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer>
  )
}
