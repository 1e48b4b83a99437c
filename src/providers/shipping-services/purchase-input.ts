import type { Carrier } from "../../shipping-api/constants"
import type {
  ShipmentRequest,
  ShipmentResponse,
} from "../../shipping-api/schemas/shipment"
import type { ServiceOption } from "../../options"
import type { ShipmentRecord } from "../../modules/shipping-services/models"
import type { BuiltShipment } from "./mapping/build-shipment"
import type { RateChoice } from "../../lib/rate-shopping/rate-choice"

/** What purchaseLabel (./purchase.ts) is given: the client, the parcel and its contents. */

/** The two client operations a purchase needs (ShippingClient has them; tests fake them). */
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
  /** The shipment created with this transaction id, or undefined (the retry operation's 404). */
  findShipment(
    originalTransactionId: string,
    carrier: Carrier
  ): Promise<ShipmentResponse | undefined>
  /**
   * The sandbox's clock, when the sandbox gave the last answer (just now: the label's); undefined
   * for the real service (src/shipping-api/sandbox-identity.ts).
   */
  sandboxNow?(): Date | undefined
}

/** What a parcel holds, kept on its row (packing slips, the admin, re-creating a lost fulfillment). */
export type ParcelContents = {
  items: { line_item_id: string; quantity: number }[]
  weight_oz?: number
  box?: string
  /** Insured for the declared value of its contents (services[].insurance). */
  insured?: { amount: number; currency: string }
  /** hazmat / hazmat-electronics, from the catalog. */
  hazmat?: string[]
}

export type PurchaseInput = {
  /** Identifies the parcel across repeated calls: order, direction, the parcel's lines, its place. */
  requestKey: string
  /**
   * Whether an earlier row with the same key may stand for this call: true when its fulfillment
   * is this one or never got it (Medusa deletes the fulfillment when a provider throws, and a
   * stopped process leaves one behind that holds nothing). False when it belongs to another live
   * fulfillment, e.g. a second parcel of the same lines.
   */
  reusable: (row: ShipmentRecord) => Promise<boolean>
  fulfillmentId?: string | null
  orderId?: string | null
  /** For a rate-shopping option, with the serviceId its choice took. */
  service: ServiceOption
  built: BuiltShipment
  /** How a rate-shopping option chose the service: kept on the pending row before the create. */
  rateChoice?: RateChoice
  isReturn: boolean
  parcel?: { index: number; count: number; contents: ParcelContents }
}
