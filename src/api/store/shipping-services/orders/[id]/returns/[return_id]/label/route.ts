import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { customerIdOf } from "../../../../../customer"
import { customerReturnLabel } from "../../../../../../../../orchestration/returns/store-returns"
import type { StoreReturnLabelQueryType } from "../../../../../validators"

/**
 * The return label (or a QR-code service's GIF) as the service made it, to the order's own customer
 * only: anyone else gets the tracking route's 404. Never in a shared cache; 400 names a bad parameter.
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
