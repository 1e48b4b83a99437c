import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { downloadBase64 } from "../../../../../../lib/labels/download"
import {
  labelFileName,
  labelFileType,
} from "../../../../../../lib/labels/files"
import type ShippingServicesModuleService from "../../../../../../modules/shipping-services/service"
import { fileIdsOf } from "../../../../../../workflows/store-shipment-label/steps/store-label-files"
import type { PrintLayout } from "../../../../../../lib/documents/layouts"
import type { AdminLabelQueryType } from "../../../validators"
import { labelInLayout } from "../../../../../../lib/batches/relayout"
import { labelRemovedView } from "../../../../../../lib/labels/removed"
import { reprintState } from "../../../../../../lib/shipments/reprints"
import { sendDocument } from "../../../send-document"
import { shippingOf } from "../../../../../../modules/shipping-services"

/**
 * Every label's stable URL, from the plugin's private documents (admins only): labels of earlier versions from the row or
 * the File Module, a URL label not downloaded yet from the service; 410 once retention removed it.
 */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, AdminLabelQueryType>,
  res: MedusaResponse
) {
  const query = req.validatedQuery as AdminLabelQueryType
  const shipping = shippingOf(req.scope)
  const [row] = await shipping.listShipments({ id: req.params.id })
  if (!row) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Shipment ${req.params.id} was not found`
    )
  }
  if (query.layout) return servePrintLayout(res, shipping, row, query.layout)
  const { page } = query
  const documents = await shipping.versions().pages("label", row.id)
  const type = labelFileType(row.label_format)
  if (documents.length) {
    const doc = documents.find((d) => d.page === page)
    if (!doc)
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Shipment ${row.id} has no label page ${page + 1}`
      )
    return sendDocument(req, res, await shipping.documents().source(doc.id), {
      mimeType: type.mimeType,
      fileName: labelFileName(
        row.tracking_number,
        row.label_format,
        page,
        documents.length
      ),
      download: query.download === "1" || !type.inline,
    })
  }
  if (row.documents_removed_at) return labelRemoved(res, shipping, row)
  const fileIds = fileIdsOf(row.label_files)
  const pending = (
    (row.label_pending as { pages?: string[] } | null)?.pages ?? []
  ).filter(Boolean)
  let bytes: Buffer | undefined
  let pages = 1
  if (pending.length) {
    pages = pending.length
    if (pending[page]) bytes = Buffer.from(pending[page], "base64")
  } else if (fileIds.length) {
    pages = fileIds.length
    if (fileIds[page])
      bytes = await req.scope.resolve(Modules.FILE).getAsBuffer(fileIds[page])
  } else if (row.label_source_url && page === 0) {
    const answer = await downloadBase64(row.label_source_url).catch(
      (error: Error) => error
    )
    if (answer instanceof Error) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Shipment ${row.id}: its label is not stored yet and the service's label URL did not answer (${answer.message})`
      )
    }
    bytes = Buffer.from(answer, "base64")
  }
  if (!bytes) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Shipment ${row.id} has no label page ${page + 1}`
    )
  }
  sendDocument(
    req,
    res,
    { storage: "database", bytes },
    {
      mimeType: type.mimeType,
      fileName: labelFileName(
        row.tracking_number,
        row.label_format,
        page,
        pages
      ),
      download: query.download === "1" || !type.inline,
    }
  )
}

/** 410 Gone: retention removed the label; the admin is told why and whether a reprint brings it back. */
function labelRemoved(
  res: MedusaResponse,
  shipping: ShippingServicesModuleService,
  row: Parameters<typeof reprintState>[0] & {
    id: string
    tracking_number: string | null
    documents_removed_at?: Date | string | null
  }
) {
  const view = labelRemovedView(
    row,
    shipping.getOptions().documents.keepDays,
    reprintState(row)
  )
  res.status(410).json({
    type: "label_removed",
    message: view?.message,
    removed_at: view?.removed_at,
    reprint_allowed: view?.reprint_allowed,
  })
}

/** `?layout=`: the label's pages on a print sheet, as a PDF (the service's reprint has no size); a ZPL2 label has no other: 400. */
async function servePrintLayout(
  res: MedusaResponse,
  shipping: ShippingServicesModuleService,
  row: {
    id: string
    order_id: string | null
    tracking_number: string | null
    label_format: string | null
    label_size: string | null
    documents_removed_at?: Date | string | null
  },
  layout: PrintLayout
) {
  const stored = await shipping.versions().pages("label", row.id)
  const pages: Uint8Array[] = []
  for (const doc of stored)
    pages.push(new Uint8Array(await shipping.documents().bytes(doc.id)))
  if (!pages.length && row.documents_removed_at)
    return labelRemoved(res, shipping, row as never)
  if (!pages.length)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Shipment ${row.id} has no stored label yet`
    )
  const bytes = await labelInLayout(
    {
      format: row.label_format,
      size: row.label_size,
      pages,
      trackingNumber: row.tracking_number,
      orderId: row.order_id,
    },
    layout
  )
  if (!bytes) {
    res.status(400).json({
      type: "not_allowed",
      message: `Label ${row.tracking_number ?? row.id} is ${row.label_format}: a ZPL label is a printer program and has no other print size`,
    })
    return
  }
  res.setHeader("Content-Type", "application/pdf")
  res.setHeader(
    "Content-Disposition",
    `attachment; filename="${labelFileName(row.tracking_number, "PDF").replace(/\.pdf$/, `-${layout}.pdf`)}"`
  )
  res.setHeader("Cache-Control", "private, no-store")
  res.setHeader("X-Content-Type-Options", "nosniff")
  res.status(200).send(Buffer.from(bytes))
}
