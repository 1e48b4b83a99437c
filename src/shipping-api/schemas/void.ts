import { z } from "../zod"
import { CANCEL_INITIATOR } from "../constants"
import {
  carrierQuerySchema,
  respNumber,
  respString,
  shipmentIdSchema,
  transactionIdSchema,
} from "./common"

/** Doc 4, with a new transaction id. */
export const voidRequestSchema = z.object({
  shipmentId: shipmentIdSchema,
  carrier: carrierQuerySchema,
  cancelInitiator: z.literal(CANCEL_INITIATOR),
  transactionId: transactionIdSchema,
})

/** Doc 4: other `status` values are kept as sent. */
export const voidResponseSchema = z.looseObject({
  carrier: respString,
  cancelInitiator: respString,
  parcelTrackingNumber: respString,
  totalCarrierCharge: respNumber,
  status: respString,
})
export type VoidResponse = z.output<typeof voidResponseSchema>
