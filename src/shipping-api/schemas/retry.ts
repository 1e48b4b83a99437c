import { z } from "../zod"
import {
  carrierQuerySchema,
  shipmentIdSchema,
  transactionIdSchema,
} from "./common"

/** Doc 4: after a 500, a timeout or a dropped connection. */
export const retryQuerySchema = z.object({
  originalTransactionId: transactionIdSchema,
  carrier: carrierQuerySchema,
})

/** Doc 4 reprint. */
export const reprintRequestSchema = z.object({
  shipmentId: shipmentIdSchema,
  carrier: carrierQuerySchema,
})
