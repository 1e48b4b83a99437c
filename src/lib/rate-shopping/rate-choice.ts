export type ComparedRate = {
  service_id: string
  /** Null when the service answered no price. */
  amount: number | null
  currency: string | null
  delivery_date: string | null
  delivery_days: number | null
  /** A rule of the documents, or the promise, in words. */
  refused: string | null
}

/** Stored on the shipment row (`rate_choice`). */
export type RateChoice = {
  strategy: "cheapest" | "fastest"
  /** What would have been bought without rate shopping. */
  default_service_id: string
  chosen_service_id: string
  /** The order's promise, if any. */
  promised_date: string | null
  compared: ComparedRate[]
  /** Null when not comparable. */
  saving: number | null
  currency: string | null
}
