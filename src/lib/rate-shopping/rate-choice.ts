/** One service the rates answer priced for a parcel, as a rate-shopping option compared it. */
export type ComparedRate = {
  service_id: string
  /** totalCarrierCharge of the rate; null when the service answered no price. */
  amount: number | null
  currency: string | null
  /** The rate's delivery commitment, as the service answered it. */
  delivery_date: string | null
  delivery_days: number | null
  /** Why this service could not be bought (a rule of the documents, or the promise), in words. */
  refused: string | null
}

/** Stored on the shipment row (`rate_choice`) of a parcel whose option rate-shops. */
export type RateChoice = {
  strategy: "cheapest" | "fastest"
  /** The option's own serviceId: what would have been bought without rate shopping. */
  default_service_id: string
  chosen_service_id: string
  /** The delivery date the shopper was shown at checkout (the order's promise), if any. */
  promised_date: string | null
  compared: ComparedRate[]
  /** The default service's amount minus the chosen one's, same currency; null when not comparable. */
  saving: number | null
  currency: string | null
}
