import { z } from "../zod"
import {
  carrierQuerySchema,
  shipmentIdSchema,
  transactionIdSchema,
} from "./common"
import { createdShipmentResponseSchema } from "./shipment"

/** Doc 4: GET /v1/shipments?originalTransactionId=&carrier= (after a 500, a timeout or a dropped connection). */
export const retryQuerySchema = z.object({
  originalTransactionId: transactionIdSchema,
  carrier: carrierQuerySchema,
})
export type RetryQuery = z.output<typeof retryQuerySchema>

/** Doc 4: GET /v1/shipments/{shipmentId}?carrier= (reprint; the service allows LIMITS.reprints). */
export const reprintRequestSchema = z.object({
  shipmentId: shipmentIdSchema,
  carrier: carrierQuerySchema,
})
export type ReprintRequest = z.output<typeof reprintRequestSchema>

/** Retry and reprint answer 200 with the Shipment object. */
export const retryResponseSchema = createdShipmentResponseSchema
export const reprintResponseSchema = createdShipmentResponseSchema
