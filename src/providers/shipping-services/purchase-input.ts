import type { Carrier } from "../../shipping-api/constants"
import type {
  ShipmentRequest,
  ShipmentResponse,
} from "../../shipping-api/schemas/shipment"
import type { ServiceOption } from "../../options"
import type { ShipmentRecord } from "../../modules/shipping-services/models"
import type { BuiltShipment } from "./mapping/build-shipment"
import type { RateChoice } from "../../lib/rate-shopping/rate-choice"

/** Tests fake them. */
export type LabelClient = {
  createShipment(
    request: ShipmentRequest,
    options: {
      transactionId: string
      onNewTransactionId: (transactionId: string) => Promise<void>
      includeDeliveryCommitment?: boolean
      apac?: boolean
    }
  ): Promise<{
    shipment: ShipmentResponse
    transactionId: string
    recovered: boolean
  }>
  /** Undefined on the retry operation's 404. */
  findShipment(
    originalTransactionId: string,
    carrier: Carrier
  ): Promise<ShipmentResponse | undefined>
  /** The sandbox's clock at its last answer; undefined for the real service. */
  sandboxNow?(): Date | undefined
}

/** Kept on its row (packing slips, the admin, re-creating a lost fulfillment). */
export type ParcelContents = {
  items: { line_item_id: string; quantity: number }[]
  weight_oz?: number
  box?: string
  insured?: { amount: number; currency: string }
  /** From the catalog. */
  hazmat?: string[]
}

export type PurchaseInput = {
  /** Order, direction, the parcel's lines, its place. */
  requestKey: string
  /**
   * Whether an earlier row with the same key may stand for this call: false when another live fulfillment holds it
   * (e.g. a second parcel of the same lines).
   */
  reusable: (row: ShipmentRecord) => Promise<boolean>
  fulfillmentId?: string | null
  orderId?: string | null
  /** Rate-shopping: with the serviceId its choice took. */
  service: ServiceOption
  built: BuiltShipment
  /** Kept on the pending row before the create. */
  rateChoice?: RateChoice
  isReturn: boolean
  parcel?: { index: number; count: number; contents: ParcelContents }
}
