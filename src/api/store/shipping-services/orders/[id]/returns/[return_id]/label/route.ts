import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { customerIdOf } from "../../../../../customer"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { customerReturnLabel } from "../../../../../../../../orchestration/returns/store-returns"

const whole = (field: string, min: number, max: number, fallback: number) => {
  const rule = `${field}: must be a whole number from ${min} to ${max}`
  return z
    .string({ error: rule })
    .regex(/^\d{1,4}$/, rule)
    .transform(Number)
    .refine((n) => n >= min && n <= max, rule)
    .optional()
    .transform((n) => n ?? fallback)
}

const LabelQuery = z.object({
  /** Which parcel of the return (1-based, as `parcel_number` in the returns route). */
  parcel: whole("parcel", 1, 100, 1),
  /** Which page of the label (0-based, as the admin's label route). */
  page: whole("page", 0, 1000, 0),
  download: z
    .enum(["0", "1"], { error: "download: must be 0 or 1" })
    .optional(),
})

/**
 * GET /store/shipping-services/orders/:id/returns/:return_id/label[?parcel=1&page=0&download=1]
 * (publishable key; customer session or bearer). The return label — or the QR code (GIF) of a
 * QR-code service — as the service made it, to the order's own customer only: anyone else gets
 * the tracking route's 404. Never cached by a shared cache.
 */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const parsed = LabelQuery.safeParse(req.query)
  if (!parsed.success)
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      parsed.error.issues.map((i) => i.message).join("; ")
    )
  const customerId = customerIdOf(req)
  const file = await customerReturnLabel(req.scope, {
    orderId: req.params.id,
    returnId: req.params.return_id,
    customerId,
    parcel: parsed.data.parcel,
    page: parsed.data.page,
  })
  const download = parsed.data.download === "1" || !file.inline
  res.setHeader("Content-Type", file.mimeType)
  res.setHeader(
    "Content-Disposition",
    `${download ? "attachment" : "inline"}; filename="${file.fileName}"`
  )
  res.setHeader("Cache-Control", "private, no-store")
  res.setHeader("X-Content-Type-Options", "nosniff")
  res.status(200).send(file.bytes)
}
