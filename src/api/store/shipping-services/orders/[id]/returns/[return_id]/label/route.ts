import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { customerIdOf } from "../../../../../customer"
import { customerReturnLabel } from "../../../../../../../../orchestration/returns/store-returns"
import type { StoreReturnLabelQueryType } from "../../../../../validators"

/**
 * GET /store/shipping-services/orders/:id/returns/:return_id/label[?parcel=1&page=0&download=1]
 * (publishable key; customer session or bearer). The return label — or the QR code (GIF) of a
 * QR-code service — as the service made it, to the order's own customer only: anyone else gets
 * the tracking route's 404. Never cached by a shared cache. 400 names a bad parameter
 * (src/api/middlewares.ts).
 */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, StoreReturnLabelQueryType>,
  res: MedusaResponse
) {
  const { parcel, page, download: asked } = req.validatedQuery
  const customerId = customerIdOf(req)
  const file = await customerReturnLabel(req.scope, {
    orderId: req.params.id,
    returnId: req.params.return_id,
    customerId,
    parcel,
    page,
  })
  const download = asked === "1" || !file.inline
  res.setHeader("Content-Type", file.mimeType)
  res.setHeader(
    "Content-Disposition",
    `${download ? "attachment" : "inline"}; filename="${file.fileName}"`
  )
  res.setHeader("Cache-Control", "private, no-store")
  res.setHeader("X-Content-Type-Options", "nosniff")
  res.status(200).send(file.bytes)
}
