// What happened, in words, and what to do about it.
export const ALERT_EVENT = "shipping-services.alert"

export type AlertKind =
  | "auto_fulfillment_failed"
  | "webhook_silence"
  | "service_down"
  | "service_back"

export type Alert = {
  /** The notification's idempotency key: a redelivered event sends once. */
  id: string
  kind: AlertKind
  severity: "critical" | "warning"
  occurred_at: string
  message: string
  action: string
  order_id?: string
  display_id?: number | null
  attempts?: number
  last_error?: string | null
  /** Webhook silence: the last delivery seen (null when none ever came) and for how long. */
  last_delivery_at?: string | null
  silent_minutes?: number
  shipments_waiting?: number
  /** Service outage: since when, why, and the orders waiting for it. */
  down_since?: string
  reason?: string | null
  orders_waiting?: number
}

/** Its last attempt used, it is left to an admin. */
export function autoFulfillmentFailedAlert(input: {
  order_id: string
  display_id?: number | null
  attempts: number
  last_error?: string | null
  now: Date
}): Alert {
  const order = input.display_id ? `#${input.display_id}` : input.order_id
  return {
    id: `auto_fulfillment_failed:${input.order_id}:${input.attempts}`,
    kind: "auto_fulfillment_failed",
    severity: "critical",
    occurred_at: input.now.toISOString(),
    message: `The label of order ${order} could not be bought after ${input.attempts} attempt(s)${input.last_error ? `: ${input.last_error}` : ""}`,
    action:
      "Open the order (or Ready to ship → Failed): fix what the service's words say (the address, the product's weight or customs data, the credentials), then Retry; or fulfill it by hand. Nothing is retried automatically any more.",
    order_id: input.order_id,
    display_id: input.display_id ?? null,
    attempts: input.attempts,
    last_error: input.last_error ?? null,
  }
}

export type SilenceInput = {
  now: Date
  /** 0: never. */
  silenceMinutes: number
  registered: boolean
  /** Any server; null when none ever came. */
  lastDeliveryAt: Date | null
  /** When none ever came, deliveries are expected from the registration on. */
  registeredAt: Date | null
  /** Bought before the silence began, so events were due. */
  shipmentsWaiting: number
  /** The start (ISO) of the silence already alerted, if any. */
  alertedFor: string | null
}

export type SilenceDecision =
  | { state: "off" | "ok" | "nothing-expected" | "alerted" }
  | { state: "alert"; since: Date; minutes: number }

/** One alert per silence: a delivery ends it, and the next silence is a new one. */
export function silenceDecision(input: SilenceInput): SilenceDecision {
  if (input.silenceMinutes <= 0 || !input.registered) return { state: "off" }
  const since = input.lastDeliveryAt ?? input.registeredAt
  if (!since) return { state: "off" }
  const minutes = Math.floor((input.now.getTime() - since.getTime()) / 60_000)
  if (minutes < input.silenceMinutes) return { state: "ok" }
  if (input.shipmentsWaiting <= 0) return { state: "nothing-expected" }
  if (input.alertedFor === since.toISOString()) return { state: "alerted" }
  return { state: "alert", since, minutes }
}

export function webhookSilenceAlert(input: {
  since: Date
  minutes: number
  lastDeliveryAt: Date | null
  shipmentsWaiting: number
  now: Date
}): Alert {
  const hours =
    input.minutes >= 120
      ? `${Math.floor(input.minutes / 60)} h`
      : `${input.minutes} min`
  return {
    id: `webhook_silence:${input.since.toISOString()}`,
    kind: "webhook_silence",
    severity: "warning",
    occurred_at: input.now.toISOString(),
    message: `No tracking webhook arrived for ${hours}${input.lastDeliveryAt ? "" : " (none since the registration)"}, while ${input.shipmentsWaiting}${input.shipmentsWaiting >= SHIPMENTS_WAITING_CAP ? "+" : ""} parcel(s) are on their way`,
    action:
      "Settings → Shipping services → Webhooks: check the registration (Re-register), that webhook.publicUrl reaches your servers from the internet, and the servers' logs for refused deliveries (401: the key; 503: the database). Tracking polling keeps orders moving meanwhile, more slowly.",
    last_delivery_at: input.lastDeliveryAt?.toISOString() ?? null,
    silent_minutes: input.minutes,
    shipments_waiting: input.shipmentsWaiting,
  }
}

/** A bounded query. */
export const SHIPMENTS_WAITING_CAP = 1000

/** Confirmed by a probe: one alert per outage. */
export function serviceDownAlert(input: {
  since: string
  reason?: string | null
  orders_waiting: number
  now: Date
}): Alert {
  return {
    id: `service_down:${input.since}`,
    kind: "service_down",
    severity: "warning",
    occurred_at: input.now.toISOString(),
    message: `The shipping service is not answering since ${input.since}${input.reason ? ` (${input.reason})` : ""}; ${input.orders_waiting} order(s) wait for their labels`,
    action:
      "Nothing to do: the shop keeps selling, orders wait for the service without spending their attempts, and their labels are bought once it answers again (you are told then). Check the carrier's status page if it lasts.",
    down_since: input.since,
    reason: input.reason ?? null,
    orders_waiting: input.orders_waiting,
  }
}

/** Only after an outage that was alerted. */
export function serviceBackAlert(input: {
  since: string
  until: string
  duration: string
  orders_waiting: number
  now: Date
}): Alert {
  return {
    id: `service_back:${input.since}`,
    kind: "service_back",
    severity: "warning",
    occurred_at: input.now.toISOString(),
    message: `The shipping service answers again (down ${input.duration}, since ${input.since}); the labels of ${input.orders_waiting} waiting order(s) are being bought now`,
    action:
      "Nothing to do: Ready to ship shows the labels as they arrive. Orders the service refused (not the outage) are still listed as failed.",
    down_since: input.since,
    orders_waiting: input.orders_waiting,
  }
}
