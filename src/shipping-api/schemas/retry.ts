import { z } from "../zod"
import {
  carrierQuerySchema,
  shipmentIdSchema,
  transactionIdSchema,
} from "./common"

/** Doc 4: GET /v1/shipments?originalTransactionId=&carrier= (after a 500, a timeout or a dropped connection). */
export const retryQuerySchema = z.object({
  originalTransactionId: transactionIdSchema,
  carrier: carrierQuerySchema,
})

/** Doc 4: GET /v1/shipments/{shipmentId}?carrier= (reprint; the service allows LIMITS.reprints). */
export const reprintRequestSchema = z.object({
  shipmentId: shipmentIdSchema,
  carrier: carrierQuerySchema,
})
