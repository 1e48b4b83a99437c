/**
 * `shipping-services.return.label_ready`: a return carries labels of the plugin, for the
 * customer's notification and any code of the merchant's. Emitted after Medusa requested a store
 * or admin return (src/orchestration/returns/return-labels.ts), and by the purchase of the return label
 * of an exchange or a claim (src/workflows/buy-return-labels).
 */
export const RETURN_LABEL_READY_EVENT = "shipping-services.return.label_ready"

export type ReturnLabelReadyData = {
  return_id: string
  order_id: string
  fulfillment_ids: string[]
  tracking_numbers: (string | null)[]
}
