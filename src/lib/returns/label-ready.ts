/** Emitted when a return, exchange or claim carries the plugin's labels. */
export const RETURN_LABEL_READY_EVENT = "shipping-services.return.label_ready"

export type ReturnLabelReadyData = {
  return_id: string
  order_id: string
  fulfillment_ids: string[]
  tracking_numbers: (string | null)[]
}
