import { Text } from "@medusajs/ui"
import type { AdminOrderShipments, ShipmentView } from "../../lib/types"

/** The carrier's local date, shown as written: no time zone applies. */
function day(date: string): string {
  const d = new Date(`${date}T12:00:00Z`)
  return Number.isNaN(d.getTime())
    ? date
    : d.toLocaleDateString("en-US", {
        weekday: "short",
        month: "short",
        day: "numeric",
        timeZone: "UTC",
      })
}

/** A price not quoted live, and the promised date beside the label's estimate, so a broken promise is seen. */
export function CheckoutNote({
  checkout,
  shipments,
}: {
  checkout: AdminOrderShipments["checkout"]
  shipments: ShipmentView[]
}) {
  if (!checkout || (!checkout.price_note && !checkout.delivery_promise))
    return null
  const promise = checkout.delivery_promise
  const estimate = shipments.find(
    (s) => !s.is_return && s.estimated_delivery
  )?.estimated_delivery
  const late = !!(promise && estimate && estimate.date > promise.latest)
  return (
    <div
      className="flex flex-col gap-y-1 px-6 py-4"
      data-testid="checkout-note"
    >
      {checkout.price_note && (
        <Text
          size="small"
          className="text-ui-fg-subtle"
          data-testid="price-not-live"
        >
          {checkout.price_note}
        </Text>
      )}
      {promise && (
        <Text size="small" data-testid="delivery-promise">
          Promised at checkout: arrives {day(promise.earliest)}
          {promise.latest !== promise.earliest
            ? ` – ${day(promise.latest)}`
            : ""}
          {promise.guaranteed ? " (guaranteed)" : ""}
          {estimate && (
            <span className={late ? "text-ui-fg-error" : "text-ui-fg-subtle"}>
              {" "}
              · label's estimate {day(estimate.date)}
              {late ? ", later than promised" : ""}
            </span>
          )}
        </Text>
      )}
    </div>
  )
}
