import { httpTestRunner } from "../helpers/runner"
import { openStore } from "../helpers/store"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { metrics, tracing } from "@medusajs/framework/opentelemetry/sdk-node"
import { registerOtel } from "@medusajs/medusa"
import { inTransitNotification } from "../../dev/notifications"
import { ADDRESSES, placeOrder, type StoreSetup } from "../../dev/seed/store"
import { waitFor } from "../../dev/wait"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import { pollTrackingSweep } from "../../src/orchestration/tracking/tracking-poll"
import { inPostalMaintenance } from "../../src/lib/tracking/maintenance"
import {
  SILENCE_SETTING,
  watchWebhookSilence,
} from "../../src/orchestration/alerts/raise-alerts"
import { labelOf } from "../helpers/labels"
import { sandbox } from "../helpers/sandbox"
import { registerTrackingWebhook } from "../helpers/webhooks"
import { JOB_RUN_SETTING_PREFIX, PLUGIN_JOBS } from "../../src/lib/jobs"
import { writeSetting } from "../../src/modules/shipping-services/settings"
import { keepJobSchedules } from "../../src/orchestration/jobs/job-schedule-keeper"

jest.setTimeout(600_000)

/**
 * A shop you can watch, in the whole app over HTTP:
 * - OpenTelemetry: the app registers Medusa's own `registerOtel` (as an app's instrumentation.ts
 *   does) with an in-memory span exporter and metric reader; a label purchase, a webhook delivery
 *   and a polling sweep leave their spans (the service's calls as children) and metrics;
 * - the Health route (GET /admin/shipping-services/health);
 * - alerts: an automatic fulfillment that used its last attempt, and a webhook silence, emit
 *   `shipping-services.alert`, which the plugin turns into a notification (alerts.template).
 */
const spans = new tracing.InMemorySpanExporter()
const reader = new metrics.PeriodicExportingMetricReader({
  exporter: new metrics.InMemoryMetricExporter(
    metrics.AggregationTemporality.CUMULATIVE
  ),
  // Read by hand (collect()), never on a timer.
  exportIntervalMillis: 24 * 60 * 60_000,
})
const sdk = registerOtel({
  serviceName: "shipping-services-watch-test",
  exporter: spans,
  metricReaders: [reader],
  instrument: {},
})

// One attempt, so the first failure is the last; alerts notified. Set before the runner loads
// medusa-config, given back after this file.
const patchBefore = process.env.SHIPPING_SERVICES_OPTIONS_PATCH
process.env.SHIPPING_SERVICES_OPTIONS_PATCH = JSON.stringify({
  autoFulfill: { maxAttempts: 1 },
  alerts: {
    template: "shipping-alert",
    to: "ops@example.com",
    webhookSilenceMinutes: 60,
  },
})
afterAll(async () => {
  if (patchBefore === undefined)
    delete process.env.SHIPPING_SERVICES_OPTIONS_PATCH
  else process.env.SHIPPING_SERVICES_OPTIONS_PATCH = patchBefore
  await sdk.shutdown()
})

type Span = tracing.ReadableSpan
const named = (name: string) =>
  spans.getFinishedSpans().filter((s) => s.name === name)
const parentOf = (s: Span) =>
  (s as unknown as { parentSpanContext?: { spanId: string } }).parentSpanContext
    ?.spanId
const childrenOf = (parent: Span, name: string) =>
  named(name).filter((s) => parentOf(s) === parent.spanContext().spanId)

/** The data points of one metric, as the reader collects them now. */
async function points(name: string) {
  const { resourceMetrics } = await reader.collect()
  return resourceMetrics.scopeMetrics
    .flatMap((s) => s.metrics)
    .filter((m) => m.descriptor.name === name)
    .flatMap((m) => m.dataPoints) as {
    attributes: Record<string, unknown>
    value: number | { count: number; sum?: number }
  }[]
}
const total = async (name: string, attributes: Record<string, unknown>) =>
  (await points(name))
    .filter((p) =>
      Object.entries(attributes).every(([k, v]) => p.attributes[k] === v)
    )
    .reduce(
      (n, p) => n + (typeof p.value === "number" ? p.value : p.value.count),
      0
    )

httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreSetup
    let admin: { headers: Record<string, string> }
    let hook: { apiKey: string; headerName: string }
    const shipping = () =>
      getContainer().resolve<ShippingServicesModuleService>(
        SHIPPING_SERVICES_MODULE
      )
    const notifications = () => getContainer().resolve(Modules.NOTIFICATION)

    beforeAll(async () => {
      ;({ admin, store } = await openStore(api, getContainer()))
      hook = await registerTrackingWebhook(getContainer())
    })

    beforeEach(async () => {
      await sandbox.delete("/faults")
      await sandbox.put("/webhooks", { delivery: false, mode: "normal" })
    })

    afterAll(async () => {
      await sandbox.delete("/faults")
      await sandbox.put("/webhooks", { delivery: true, mode: "normal" })
    })

    const order = () =>
      placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        items: [{ variantId: store.products[0].variantId, quantity: 1 }],
      })

    describe("OpenTelemetry", () => {
      it("a label purchase: its span, the service's create as its child, and the metrics", async () => {
        const placed = await order()
        const row = await labelOf(shipping, placed.id)
        const purchase = await waitFor(
          async () =>
            named("shipping_services.label_purchase").find(
              (s) => s.attributes["medusa.order_id"] === placed.id
            ),
          "the label purchase's span"
        )
        expect(purchase.attributes).toMatchObject({
          "shipping_services.outcome": "bought",
          "shipping_services.service": "postal-ground",
          "shipping_services.variant": "expedited",
          "shipping_services.shipment_id": row.id,
        })
        const [create] = childrenOf(purchase, "shipping_services.service_call")
        expect(create?.attributes).toMatchObject({
          "shipping_services.operation": "createShipment",
          "http.request.method": "POST",
          "http.response.status_code": 201,
          "shipping_services.attempts": 1,
          "shipping_services.retries": 0,
        })
        // The purchase runs inside the automatic fulfillment's span.
        const auto = named("shipping_services.auto_fulfillment").find(
          (s) => s.attributes["medusa.order_id"] === placed.id
        )
        expect(auto?.attributes["shipping_services.outcome"]).toBe("succeeded")
        // No secret, no address in any span.
        const all = JSON.stringify(
          spans.getFinishedSpans().map((s) => s.attributes)
        )
        expect(all).not.toContain("sandbox-secret")
        expect(all).not.toContain(ADDRESSES.newYork.address_1)

        expect(
          await total("shipping_services.labels", {
            "shipping_services.outcome": "bought",
          })
        ).toBeGreaterThanOrEqual(1)
        expect(
          await total("shipping_services.service.calls", {
            "shipping_services.operation": "createShipment",
            "shipping_services.outcome": "201",
          })
        ).toBeGreaterThanOrEqual(1)
        expect(
          await total("shipping_services.service.duration", {
            "shipping_services.operation": "createShipment",
          })
        ).toBeGreaterThanOrEqual(1)
      })

      it("a retried call counts its retries; a webhook delivery: stored, duplicate, refused, and its lag", async () => {
        const placed = await order()
        const row = await labelOf(shipping, placed.id)
        const post = (body: unknown, key = hook.apiKey) =>
          api
            .post("/hooks/shipping-services/tracking", body, {
              headers: {
                "content-type": "application/json",
                [hook.headerName]: key,
              },
            })
            .catch((e: any) => e.response)
        // An event of an hour ago, in the notification's own offset.
        const at = new Date(Date.now() - 60 * 60_000)
        const local = new Date(at.getTime() - 5 * 60 * 60_000)
        const notification = inTransitNotification(row.tracking_number!, {
          eventId: `${row.tracking_number}-watch`,
          eventDate: local.toISOString().slice(0, 10),
          eventTime: local.toISOString().slice(11, 19),
          eventTimeOffset: "-05:00",
        })
        const before = named("shipping_services.webhook_delivery").length
        expect((await post([notification])).data).toEqual({
          received: 1,
          stored: 1,
        })
        expect((await post([notification])).data).toEqual({
          received: 1,
          stored: 0,
        })
        expect((await post([notification], "wrong-key")).status).toBe(401)
        const deliveries = await waitFor(async () => {
          const d = named("shipping_services.webhook_delivery").slice(before)
          return d.length >= 3 ? d : undefined
        }, "three delivery spans")
        expect(deliveries.map((s) => s.attributes)).toEqual([
          expect.objectContaining({
            "shipping_services.webhook.kind": "tracking",
            "shipping_services.outcome": "stored",
            "http.response.status_code": 200,
            "shipping_services.webhook.received": 1,
            "shipping_services.webhook.stored": 1,
          }),
          expect.objectContaining({
            "shipping_services.outcome": "stored",
            "shipping_services.webhook.stored": 0,
          }),
          expect.objectContaining({
            "shipping_services.outcome": "unauthorized",
            "http.response.status_code": 401,
          }),
        ])
        const lag = Number(
          deliveries[0]!.attributes["shipping_services.webhook.max_lag_s"]
        )
        expect(lag).toBeGreaterThan(3500)
        expect(lag).toBeLessThan(3800)
        expect(
          await total("shipping_services.webhook.notifications", {
            "shipping_services.outcome": "duplicate",
          })
        ).toBeGreaterThanOrEqual(1)
        expect(
          await total("shipping_services.webhook.deliveries", {
            "shipping_services.outcome": "unauthorized",
          })
        ).toBeGreaterThanOrEqual(1)
        expect(
          await total("shipping_services.webhook.lag", {
            "shipping_services.webhook.kind": "tracking",
          })
        ).toBeGreaterThanOrEqual(1)
        // Applied by the subscriber: its span says what it did.
        await waitFor(
          async () =>
            named("shipping_services.tracking_apply").find(
              (s) => s.attributes["shipping_services.shipment_id"] === row.id
            ),
          "the tracking apply's span"
        )
      })

      it("a polling sweep: its span, the service's tracking calls as children, retries counted", async () => {
        const placed = await order()
        const row = await labelOf(shipping, placed.id)
        // The sandbox answers the first tracking request 503: the client retries.
        await sandbox.post("/faults", {
          operation: "tracking",
          fault: "503",
          count: 1,
        })
        const before = named("shipping_services.tracking_poll").length
        const retriesBefore = await total("shipping_services.service.retries", {
          "shipping_services.operation": "getTracking",
        })
        // Three hours ahead, and out of the postal maintenance window (00:00-03:00 New York), in
        // which the sweep leaves postal parcels alone: run between 02:00 and 05:00 UTC, "three
        // hours ahead" fell inside it and nothing was polled.
        let at = Date.now() + 3 * 60 * 60_000
        while (inPostalMaintenance(new Date(at))) at += 60 * 60_000
        const stats = await pollTrackingSweep(getContainer(), {
          now: new Date(at),
        })
        expect(stats.polled).toBeGreaterThanOrEqual(1)
        const sweep = named("shipping_services.tracking_poll")[before]!
        expect(sweep.attributes).toMatchObject({
          "shipping_services.outcome": "done",
          "shipping_services.poll.polled": stats.polled,
          "shipping_services.poll.failed": stats.failed,
        })
        const calls = childrenOf(sweep, "shipping_services.service_call")
        const ours = calls.find((c) =>
          (c.attributes["url.path"] as string)?.includes(row.tracking_number!)
        )
        expect(ours?.attributes).toMatchObject({
          "shipping_services.operation": "getTracking",
          "http.response.status_code": 200,
        })
        expect(
          (await total("shipping_services.service.retries", {
            "shipping_services.operation": "getTracking",
          })) - retriesBefore
        ).toBe(1)
        expect(
          await total("shipping_services.poll.sweeps", {
            "shipping_services.outcome": "done",
          })
        ).toBeGreaterThanOrEqual(1)
      })
    })

    describe("Health", () => {
      it("GET /admin/shipping-services/health: the last hour judged, with what to do; admins only", async () => {
        const refused = await api
          .get("/admin/shipping-services/health")
          .catch((e: any) => e.response)
        expect(refused.status).toBe(401)
        const placed = await order()
        await labelOf(shipping, placed.id)
        const { data } = await api.get("/admin/shipping-services/health", admin)
        const items = Object.fromEntries(
          data.health.items.map((i: any) => [i.key, i])
        )
        expect(Object.keys(items)).toEqual([
          "service",
          "purchases",
          "webhooks",
          "auto_fulfillments",
          "orphans",
          "jobs",
        ])
        expect(items.service).toMatchObject({
          status: "ok",
          summary: "Answering",
        })
        const bought = items.purchases.figures.find(
          (f: any) => f.label === "Labels bought"
        ).value
        expect(bought).toBe(1)
        expect(items.purchases.status).toBe("ok")
        expect(items.purchases.action).toBeNull()
        expect(items.webhooks.figures).toContainEqual({
          label: "Registration",
          value: "active",
        })
        expect(JSON.stringify(data)).not.toContain(hook.apiKey)
      })
    })

    describe("alerts", () => {
      it("an automatic fulfillment that used its last attempt: the alert event, and a notification to the merchant", async () => {
        // The service refuses every create of this attempt (a 4xx: an outage would not count).
        await sandbox.post("/faults", {
          operation: "createShipment",
          fault: "400",
          count: 20,
        })
        const placed = await order()
        const sent = await waitFor(
          async () =>
            (
              await notifications().listNotifications({
                template: "shipping-alert",
                resource_id: placed.id,
              })
            )[0],
          "the alert notification"
        )
        expect(sent).toMatchObject({
          to: "ops@example.com",
          channel: "email",
          trigger_type: "shipping-services.alert",
          resource_type: "order",
        })
        expect(sent.data).toMatchObject({
          kind: "auto_fulfillment_failed",
          severity: "critical",
          order_id: placed.id,
          display_id: placed.display_id,
          attempts: 1,
        })
        expect(String(sent.data!.action)).toMatch(/Retry/)
        await sandbox.delete("/faults")
        const [record] = await shipping().listAutoFulfillments({
          order_id: placed.id,
        })
        expect(record).toMatchObject({
          status: "failed",
          next_attempt_at: null,
        })
        // The Health section shows it as given up.
        const { data } = await api.get("/admin/shipping-services/health", admin)
        const auto = data.health.items.find(
          (i: any) => i.key === "auto_fulfillments"
        )
        expect(auto.status).toBe("critical")
        expect(auto.action).toMatch(/Ready to ship/)
        expect(
          await total("shipping_services.alerts", {
            "shipping_services.alert": "auto_fulfillment_failed",
          })
        ).toBe(1)
      })

      it("a webhook silence longer than alerts.webhookSilenceMinutes while parcels are on their way: one alert per silence", async () => {
        const container = getContainer()
        const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
        const placed = await order()
        const row = await labelOf(shipping, placed.id)
        // Bought three hours ago; the last delivery two hours ago (the silence allows one).
        await knex.raw(
          `update shipping_services_shipment set created_at = now() - interval '3 hours' where id = ?`,
          [row.id]
        )
        const [registration] = await shipping().listWebhookRegistrations({
          type: "tracking",
        })
        const lastDelivery = new Date(Date.now() - 2 * 60 * 60_000)
        await shipping().updateWebhookRegistrations({
          id: registration!.id,
          last_delivery_at: lastDelivery,
        })
        expect((await watchWebhookSilence(container)).state).toBe("alert")
        const sent = await waitFor(
          async () =>
            (
              await notifications().listNotifications({
                template: "shipping-alert",
                resource_type: "shipping_services_alert",
              })
            )[0],
          "the silence notification"
        )
        expect(sent.data).toMatchObject({
          kind: "webhook_silence",
          severity: "warning",
          last_delivery_at: lastDelivery.toISOString(),
          silent_minutes: 120,
        })
        expect(Number(sent.data!.shipments_waiting)).toBeGreaterThanOrEqual(1)
        // The same silence is not alerted again; a delivery ends it.
        expect((await watchWebhookSilence(container)).state).toBe("alerted")
        await shipping().updateWebhookRegistrations({
          id: registration!.id,
          last_delivery_at: new Date(),
        })
        expect((await watchWebhookSilence(container)).state).toBe("ok")
        const remembered = await shipping().listSettings({
          key: SILENCE_SETTING,
        })
        expect(remembered[0]?.value).toMatchObject({
          since: lastDelivery.toISOString(),
        })
        expect(
          (
            await notifications().listNotifications({
              template: "shipping-alert",
              resource_type: "shipping_services_alert",
            })
          ).length
        ).toBe(1)
      })
    })

    describe("job schedules", () => {
      it("registers a late job's schedule again when the engine forgot it (a Redis restarted empty), and the job runs again", async () => {
        const { WorkflowManager } =
          await import("@medusajs/framework/orchestration")
        const name = PLUGIN_JOBS.recover.name
        const workflow = WorkflowManager.getWorkflow(`job-${name}`)
        expect(workflow?.options?.schedule).toBeTruthy()
        // This process's start-up work started the keeper (it loads the jobs: shared mode).
        expect(
          (globalThis as any)[
            Symbol.for("medusa-plugin-shipping-services.job-schedule-keeper")
          ]
        ).toBeTruthy()
        // The schedule gone, as from a Redis restarted without its data; the last run long ago.
        await WorkflowManager.scheduler.clearWorkflow(workflow)
        const longAgo = new Date(Date.now() - 10 * 60_000).toISOString()
        await writeSetting(shipping(), `${JOB_RUN_SETTING_PREFIX}${name}`, {
          started_at: longAgo,
          finished_at: longAgo,
          ok: true,
          where: "test",
        })
        const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER)
        const warn = jest.spyOn(logger, "warn")
        try {
          // One tick of the keeper, as its timer runs it (an hour into the process's life), with
          // the record the workers share of when each job was registered again.
          const restorations = shipping().jobRestorations()
          const restored = await keepJobSchedules(shipping(), logger, {
            now: new Date(),
            processStartedAt: new Date(Date.now() - 60 * 60_000),
            restoredAt: await restorations.read(),
            claim: restorations.claim,
            workflowOf: (id) => WorkflowManager.getWorkflow(id),
            schedule: (w) => WorkflowManager.scheduler.scheduleWorkflow(w),
          })
          // The late ones (others of this app may be late by now too).
          expect(restored).toContain(name)
          expect(
            warn.mock.calls.some(([m]) =>
              String(m).includes("registered their schedules")
            )
          ).toBe(true)
        } finally {
          warn.mockRestore()
        }
        // Medusa's engine runs the job again on its schedule (every minute).
        await waitFor(
          async () => {
            const [row] = await shipping().listSettings({
              key: `${JOB_RUN_SETTING_PREFIX}${name}`,
            })
            const run = row?.value as { started_at?: string } | undefined
            return !!run?.started_at && run.started_at > longAgo
          },
          "the recovery job's next run",
          90_000,
          1_000
        )
      })
    })
  },
})
