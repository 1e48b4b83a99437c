import type { CounterSpec, HistogramSpec } from "./otel"

export const METRICS = {
  serviceCalls: {
    name: "shipping_services.service.calls",
    description:
      "Calls of the shipping service's operations, by operation and outcome (HTTP status, timeout, network-error)",
  },
  serviceCallDuration: {
    name: "shipping_services.service.duration",
    description:
      "Latency of a call of the shipping service, all its attempts included",
    unit: "ms",
    boundaries: [50, 100, 250, 500, 1000, 2500, 5000, 10000, 30000],
  },
  serviceRetries: {
    name: "shipping_services.service.retries",
    description:
      "Attempts repeated after a throttled, unavailable or lost answer",
  },
  labelPurchases: {
    name: "shipping_services.labels",
    description:
      "Label purchases by outcome: bought, taken_over (a label bought before for the same parcel), failed, unknown (the service's answer was lost; recovery settles it)",
  },
  labelPurchaseDuration: {
    name: "shipping_services.labels.duration",
    description: "Time to buy (or take over) one label",
    unit: "ms",
    boundaries: [100, 250, 500, 1000, 2500, 5000, 10000, 30000],
  },
  autoFulfillments: {
    name: "shipping_services.auto_fulfillments",
    description:
      "Automatic fulfillment attempts by outcome: succeeded, failed, gave_up (no attempt left), skipped",
  },
  webhookDeliveries: {
    name: "shipping_services.webhook.deliveries",
    description:
      "Webhook deliveries received, by kind and answer: stored (200), refused (400, 401, 413, 415), unavailable (503)",
  },
  webhookNotifications: {
    name: "shipping_services.webhook.notifications",
    description:
      "Notifications in stored deliveries: stored, or duplicate (stored before)",
  },
  webhookLag: {
    name: "shipping_services.webhook.lag",
    description:
      "From a tracking event's time to its arrival, for newly stored notifications",
    unit: "s",
    boundaries: [1, 5, 15, 60, 300, 900, 3600, 4 * 3600, 24 * 3600],
  },
  trackingApplied: {
    name: "shipping_services.tracking.applied",
    description:
      "Shipments whose timeline was applied to Medusa, by outcome (shipped, delivered, recorded, failed)",
  },
  pollSweeps: {
    name: "shipping_services.poll.sweeps",
    description: "Tracking polling sweeps, by how they ended",
  },
  pollShipments: {
    name: "shipping_services.poll.shipments",
    description:
      "Shipments asked about by polling, by outcome (polled, failed)",
  },
  pollEvents: {
    name: "shipping_services.poll.events_stored",
    description: "Tracking events polling found and stored",
  },
  alerts: {
    name: "shipping_services.alerts",
    description: "Alerts emitted (shipping-services.alert), by kind",
  },
  halfMadeFulfillments: {
    name: "shipping_services.recovery.half_made_fulfillments",
    description:
      "Fulfillments a stopped process left without an order, removed by recovery",
  },
} satisfies Record<string, CounterSpec | HistogramSpec>

export const SPANS = {
  serviceCall: "shipping_services.service_call",
  labelPurchase: "shipping_services.label_purchase",
  webhookDelivery: "shipping_services.webhook_delivery",
  trackingApply: "shipping_services.tracking_apply",
  pollSweep: "shipping_services.tracking_poll",
  job: "shipping_services.job",
  autoFulfillment: "shipping_services.auto_fulfillment",
} as const
