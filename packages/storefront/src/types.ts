/**
 * What the plugin's store routes answer, field by field (docs/storefront.md). The plugin's own
 * views (src/lib/views) are the source; src/lib/views/__tests__/storefront-kit-contract
 * checks these against them at compile time.
 */

/** The shipping service's package statuses (its tracking document). */
export const PACKAGE_STATUSES = [
  "Manifest",
  "Acceptance",
  "InTransit",
  "DeliveryAttempt",
  "OutForDelivery",
  "Delivered",
  "Exception",
  "ReturnToSender",
  "ReadyForPickup",
  "PickupMissed",
  "PickedUp",
] as const
export type PackageStatus = (typeof PACKAGE_STATUSES)[number]

export type Carrier = "CARRIER_A" | "POSTAL" | "STANDARD" | "XBORDER"

/** One scan: the local date, time and offset the carrier reported, and the instant. */
export type TimelineEntry = {
  /** ISO instant (the offset applied), or null when the carrier gave no usable date. */
  occurred_at: string | null
  /** YYYY-MM-DD where the parcel was scanned. */
  date: string | null
  /** HH:MM:SS where the parcel was scanned. */
  time: string | null
  /** ±hh:mm of the place of the scan. */
  offset: string | null
  status: PackageStatus | null
  /** The carrier's event code. */
  code: string | null
  description: string | null
  /** "City, ST 12345, US". */
  location: string | null
  kind: "tracking" | "locker"
}

/** When the parcel is expected: as the carrier said it, and as an instant. */
export type EstimatedDelivery = {
  /** YYYY-MM-DD: show this one (time and offset may be missing). */
  date: string
  time: string | null
  offset: string | null
  at: string | null
  /** The latest tracking answer's estimate, or the delivery commitment bought with the label. */
  source: "tracking" | "commitment"
}

/** One parcel of an order (GET /store/shipping-services/orders/:id/tracking). */
export type Parcel = {
  direction: "outbound" | "return"
  /** This parcel's place among its shipment's parcels ("parcel 2 of 3"). */
  parcel_number: number
  parcel_count: number
  carrier: Carrier
  /** The shipping option's name. */
  service: string
  tracking_number: string
  /** The carrier's tracking page, or null. */
  tracking_url: string | null
  /** The latest scan's status, never back from Delivered; null before the first scan. */
  status: PackageStatus | null
  status_at: string | null
  estimated_delivery: EstimatedDelivery | null
  shipped_at: string | null
  delivered_at: string | null
  /** Oldest first. */
  timeline: TimelineEntry[]
}

/** One return label (a label to print, or a QR code to show at the post office). */
export type ReturnLabel = {
  parcel_number: number
  parcel_count: number
  kind: "label" | "qr_code"
  format: string | null
  mime_type: string
  file_name: string
  pages: number
  /** The store route serving it, relative to the backend; it needs the customer's login. */
  url: string
  tracking_number: string
  tracking_url: string | null
}

/** One of the order's returns with the plugin's labels (GET …/orders/:id/returns). */
export type CustomerReturn = {
  id: string
  /** Medusa's return status (requested, received, …). */
  status: string | null
  requested_at: string | null
  /** The exchange or claim this return is part of (the store cancels it with that), or null. */
  exchange_id: string | null
  claim_id: string | null
  labels: ReturnLabel[]
  /**
   * Whether the customer may still cancel it: no parcel scanned, nothing received, and not part
   * of an exchange or a claim.
   */
  cancelable: boolean
}

/** POST …/orders/:id/returns/:return_id/cancel answers the return as it is now. */
export type CanceledReturn = {
  id: string
  status: string | null
  canceled_at: string | null
}

/** One thing the shipping service would refuse, on the cart field it concerns. */
export type CheckoutProblem = {
  /**
   * The cart field, named as Medusa's cart (and the starter's form inputs) name it:
   * `shipping_address.<field>`, `email`, `metadata.importer_customs_reference`,
   * `metadata.importer_customs_reference_type`, `items` or `shipping_method`.
   */
  field: string
  /** The cart's line items concerned (item problems). */
  item_ids?: string[]
  /** For the shopper. */
  message: string
  /** Who can fix it: the shopper, or only the merchant (catalog, settings). */
  fix: "customer" | "merchant"
  /** The rule's id and its own words, for the merchant's logs. */
  rule: string
  detail: string
}

/** POST /store/shipping-services/carts/:id/check: whether checkout would sell the cart. */
export type CartCheck = {
  option_id: string
  service_id: string
  service_name: string
  shippable: boolean
  problems: CheckoutProblem[]
  /**
   * Per warehouse the cart ships from with this option (one in a shop of one location): the
   * stock location, the cart's lines it ships and what stops them.
   */
  locations: {
    location_id: string | null
    name: string | null
    item_ids: string[]
    shippable: boolean
    problems: CheckoutProblem[]
  }[]
}

/** The service's delivery commitment for one shipping option: a date or a range. */
export type DeliveryEstimate = {
  /** YYYY-MM-DD */
  earliest: string
  /** YYYY-MM-DD; the same as earliest for one day. */
  latest: string
  guaranteed: boolean
}

/** GET /store/shipping-services/carts/:id/delivery-promises, one per option of the plugin. */
export type DeliveryPromise = {
  shipping_option_id: string
  name: string
  /** Null where the service gives no commitment: promise nothing. */
  estimated_delivery: DeliveryEstimate | null
}

/** What a customer sends to Medusa's POST /store/returns. */
export type ReturnRequest = {
  order_id: string
  items: {
    /** The order's line item id. */
    id: string
    quantity: number
    reason_id?: string
    note?: string
  }[]
  return_shipping: { option_id: string }
  note?: string
}

/** A return reason as Medusa's GET /store/return-reasons answers it. */
export type ReturnReason = {
  id: string
  value: string
  label: string
  description?: string | null
}

/** A return shipping option (GET /store/shipping-options?cart_id=…&is_return=true). */
export type ReturnOption = {
  id: string
  name: string
  provider_id?: string
  amount?: number | null
}

/** What an action tells the page: done, or refused in the backend's words. */
export type ActionResult<T> =
  ({ ok: true } & T) | { ok: false; status: number | null; message: string }
