import { CARRIER_OF_VARIANT, type Variant } from "../../shipping-api/constants"
import { voidRefusal } from "../../shipping-api/rules/void"

export type VoidableShipment = {
  status: string
  variant: Variant
  is_return: boolean
  parcel_type: string | null
  created_at: Date | string
  fulfillment_id: string | null
}

export type FulfillmentState = {
  shipped_at?: Date | string | null
  delivered_at?: Date | string | null
  canceled_at?: Date | string | null
} | null

export type Voidability =
  { allowed: true; reason: null } | { allowed: false; reason: string }

const no = (reason: string): Voidability => ({ allowed: false, reason })

/**
 * Whether an admin may void this label now, and if not why, in words. Voiding goes through
 * Medusa's cancelOrderFulfillmentWorkflow, which refuses shipped or canceled fulfillments; the
 * service refuses outside the doc 4 windows (voidRefusal). Both are checked here so that the
 * admin never presses a button that can only fail. Pure.
 */
export function voidability(
  shipment: VoidableShipment,
  fulfillment: FulfillmentState,
  now: Date | number
): Voidability {
  if (shipment.status === "voided") return no("The label is already voided.")
  if (shipment.status !== "created")
    return no(`The label was not created (status ${shipment.status}).`)
  if (!shipment.fulfillment_id || !fulfillment)
    return no("No Medusa fulfillment belongs to this label.")
  if (fulfillment.canceled_at) return no("The fulfillment is canceled.")
  if (fulfillment.delivered_at)
    return no(
      "The parcel was delivered; Medusa does not cancel delivered fulfillments."
    )
  if (fulfillment.shipped_at)
    return no(
      "The parcel was shipped; Medusa does not cancel shipped fulfillments."
    )
  const refusal = voidRefusal(
    {
      carrier: CARRIER_OF_VARIANT[shipment.variant],
      createdAt: new Date(shipment.created_at),
      isReturn: shipment.is_return,
      parcelType: shipment.parcel_type,
    },
    now
  )
  if (refusal) return no(`The service does not void it: ${refusal.message}.`)
  return { allowed: true, reason: null }
}
