import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import {
  labelFileName,
  labelFileType,
} from "../../../../../../lib/labels/files"
import { SHIPPING_SERVICES_MODULE } from "../../../../../../options/resolve"
import type ShippingServicesModuleService from "../../../../../../modules/shipping-services/service"
import { readLabelPage } from "../../../../../../orchestration/label-file"
import {
  isPrintLayout,
  PRINT_LAYOUTS,
} from "../../../../../../lib/documents/layouts"
import { labelInLayout } from "../../../../../../lib/batches/relayout"

/**
 * GET /admin/shipping-services/shipments/:id/label[?page=0&download=1][&layout=letter-2up]
 * The stable label_url of every label (admins only: /admin routes require a logged-in user).
 * Served from the plugin's private documents; labels of earlier versions not moved yet come from
 * the row or the File module, and a URL label not downloaded yet from the service (24 hours).
 */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const shipping: ShippingServicesModuleService = req.scope.resolve(
    SHIPPING_SERVICES_MODULE
  )
  const [row] = await shipping.listShipments({ id: req.params.id })
  if (!row) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Shipment ${req.params.id} was not found`
    )
  }
  if (req.query.layout !== undefined)
    return servePrintLayout(req, res, shipping, row)
  const page = Math.max(0, Math.min(1000, Number(req.query.page ?? 0) || 0))
  const { bytes, pages } = await readLabelPage(req.scope, row, page)
  if (!bytes) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Shipment ${row.id} has no label page ${page + 1}`
    )
  }
  const type = labelFileType(row.label_format)
  const download = req.query.download === "1" || !type.inline
  res.setHeader("Content-Type", type.mimeType)
  res.setHeader(
    "Content-Disposition",
    `${download ? "attachment" : "inline"}; filename="${labelFileName(row.tracking_number, row.label_format, page, pages)}"`
  )
  res.setHeader("Cache-Control", "private, no-store")
  res.setHeader("X-Content-Type-Options", "nosniff")
  res.status(200).send(bytes)
}

/**
 * `?layout=`: the label (every page) placed on a print sheet by the print library, as a PDF
 * (issue 13 point 6; the service's reprint has no size parameter: docs/admin.md). 400 for an
 * unknown layout or a ZPL2 label (a printer program has no other size).
 */
async function servePrintLayout(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse,
  shipping: ShippingServicesModuleService,
  row: {
    id: string
    order_id: string | null
    tracking_number: string | null
    label_format: string | null
    label_size: string | null
  }
) {
  const layout = req.query.layout
  if (!isPrintLayout(layout)) {
    res.status(400).json({
      type: "invalid_data",
      message: `layout: must be one of ${PRINT_LAYOUTS.join(", ")}`,
    })
    return
  }
  const stored = await shipping.documentPages("label", row.id)
  const pages: Uint8Array[] = []
  for (const doc of stored)
    pages.push(new Uint8Array(await shipping.documentContent(doc.id)))
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
