import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { appPluginOptions } from "../../../../dev/app-options"
import { JOB_RUN_SETTING_PREFIX, PLUGIN_JOBS } from "../../../lib/jobs"
import { healthView, type HealthSettings } from "../../../lib/views/health-view"
import { SHIPPING_SERVICES_MODULE } from "../../../options"
import ShippingServicesModuleService from "../service"

jest.setTimeout(60_000)

const MINUTE = 60_000
const HOUR = 60 * MINUTE
/** The service answering, as Health reads it when no outage was ever seen. */
const UP = { record: null, orders_waiting: 0 }

/**
 * The Health section's figures against a scripted day of the plugin's tables: purchases and
 * failures spread over 24 hours, automatic fulfillments waiting, given up and stalled, webhook
 * deliveries with known lags, events not applied (and unmatched ones), orphans, job runs. Each
 * row's time is set in the database (`now() - interval`), so the windows are the database's, as
 * in production.
 */
moduleIntegrationTestRunner<ShippingServicesModuleService>({
  moduleName: SHIPPING_SERVICES_MODULE,
  resolve: __dirname + "/..",
  moduleOptions: appPluginOptions({}) as Record<string, unknown>,
  testSuite: ({ service, MikroOrmWrapper }) => {
    const knex = () => (MikroOrmWrapper.getManager() as any).getKnex()
    /** Moves a row's created_at (and updated_at) `minutesAgo` back from the database's now. */
    const dateRow = (table: string, id: string, minutesAgo: number) =>
      knex().raw(
        `update ${table} set created_at = now() - (? * interval '1 minute'), updated_at = now() - (? * interval '1 minute') where id = ?`,
        [minutesAgo, minutesAgo, id]
      )
    let seq = 0
    const shipment = async (
      status: "created" | "failed" | "voided" | "pending",
      minutesAgo: number,
      extra: Record<string, unknown> = {}
    ) => {
      seq++
      const row = await service.createShipments({
        transaction_id: `T-${seq}`,
        request_key: `key-${seq}`,
        option_id: "postal-ground",
        variant: "expedited",
        carrier: "POSTAL",
        service_id: "UGA",
        status,
        tracking_number: `TN${seq}`,
        order_id: `order_${seq}`,
        ...extra,
      } as never)
      await dateRow("shipping_services_shipment", row.id, minutesAgo)
      return row
    }
    const event = async (
      minutesAgo: number,
      lagMinutes: number,
      extra: Record<string, unknown> = {}
    ) => {
      seq++
      const row = await service.createTrackingEvents({
        dedupe_key: `d-${seq}`,
        kind: "tracking",
        source: "webhook",
        tracking_number: `TN${seq}`,
        shipment_id: `ssship_${seq}`,
        payload: {},
        processed_at: new Date(),
        ...extra,
      } as never)
      await knex().raw(
        `update shipping_services_tracking_event
            set created_at = now() - (? * interval '1 minute'),
                occurred_at = now() - (? * interval '1 minute')
          where id = ?`,
        [minutesAgo, minutesAgo + lagMinutes, row.id]
      )
      return row
    }

    it("counts the last hour of a scripted day, and judges it", async () => {
      // Purchases: 5 in the last hour (one voided since), 2 refused in the last hour; the day
      // before holds 7 more bought and 3 refused, which the hour does not count.
      for (const m of [5, 10, 20, 30]) await shipment("created", m)
      await shipment("voided", 45)
      await shipment("failed", 15)
      await shipment("failed", 50)
      for (const m of [70, 120, 300, 600, 900, 1200, 1400])
        await shipment("created", m)
      for (const m of [90, 500, 1000]) await shipment("failed", m)
      // Orphans: one kept (not voided), one voided automatically this morning, one last week.
      await shipment("created", 200, { orphaned_at: new Date() })
      await shipment("voided", 300, {
        orphaned_at: new Date(Date.now() - 4 * HOUR),
        void_reason: "orphan",
      })
      await shipment("voided", 9000, {
        orphaned_at: new Date(Date.now() - 6 * 24 * HOUR),
        void_reason: "orphan",
      })

      // Automatic fulfillments: two waiting for a retry (the sooner in 4 min), one given up (it
      // failed 20 min ago), one stalled (its lease ran out), one running live, successes.
      const soon = new Date(Date.now() + 4 * MINUTE)
      await service.createAutoFulfillments([
        {
          order_id: "o-wait-1",
          status: "failed",
          attempts: 1,
          next_attempt_at: soon,
        },
        {
          order_id: "o-wait-2",
          status: "failed",
          attempts: 2,
          next_attempt_at: new Date(Date.now() + 30 * MINUTE),
        },
        { order_id: "o-gave-up", status: "failed", attempts: 5 },
        {
          order_id: "o-stalled",
          status: "running",
          attempts: 1,
          lease_until: new Date(Date.now() - MINUTE),
        },
        {
          order_id: "o-live",
          status: "running",
          attempts: 1,
          lease_until: new Date(Date.now() + MINUTE),
        },
        { order_id: "o-done", status: "succeeded", attempts: 1 },
      ] as never)
      const [gaveUp] = await service.listAutoFulfillments({
        order_id: "o-gave-up",
      })
      await dateRow("shipping_services_auto_fulfillment", gaveUp!.id, 20)

      // Webhook deliveries: four in the last hour, arriving 1, 2, 3 and 30 minutes after their
      // events (median 2.5 min, longest 30); one yesterday (not counted); polled scans are not
      // deliveries. Two events wait to be applied, the older stored 25 minutes ago; one event for
      // an unknown tracking number came this morning.
      await event(5, 1)
      await event(10, 2)
      await event(20, 3)
      await event(40, 30)
      await event(1300, 1)
      await event(15, 0, { source: "poll" })
      await event(25, 1, { processed_at: null })
      await event(3, 1, { processed_at: null })
      await event(120, 1, { processed_at: null, shipment_id: null })
      // The tracking registration: last delivery 5 minutes ago.
      await service.createWebhookRegistrations({
        type: "tracking",
        config_id: "cfg-1",
        name: "medusa-shipping-services",
        url: "https://shop.example/hooks/shipping-services/tracking",
        events: [],
        status: "active",
        header_name: "X-Key",
        api_key: "secret-key-never-shown",
        time_out: 10,
        last_delivery_at: new Date(Date.now() - 5 * MINUTE),
      } as never)

      // Jobs: the recovery ran a minute ago; the retry job failed on its last run; the webhook
      // healing last ran 50 minutes ago (every 15: late).
      const run = (minutesAgo: number, ok = true, error?: string) => ({
        started_at: new Date(Date.now() - minutesAgo * MINUTE).toISOString(),
        finished_at: new Date(Date.now() - minutesAgo * MINUTE).toISOString(),
        ok,
        ...(error ? { error } : {}),
        where: "worker:1",
      })
      await service.createSettings([
        {
          key: `${JOB_RUN_SETTING_PREFIX}${PLUGIN_JOBS.recover.name}`,
          value: run(1),
        },
        {
          key: `${JOB_RUN_SETTING_PREFIX}${PLUGIN_JOBS.retryAutoFulfillments.name}`,
          value: run(1, false, "Connection terminated unexpectedly"),
        },
        {
          key: `${JOB_RUN_SETTING_PREFIX}${PLUGIN_JOBS.healWebhooks.name}`,
          value: run(50),
        },
      ] as never)

      const now = new Date()
      const figures = await service.health().figures({
        since: new Date(now.getTime() - HOUR),
        day: new Date(now.getTime() - 24 * HOUR),
      })
      expect(figures.purchases).toMatchObject({ bought: 5, refused: 2 })
      expect(
        now.getTime() - figures.purchases.last_bought_at!.getTime()
      ).toBeLessThan(6 * MINUTE)
      expect(figures.auto_fulfillments).toMatchObject({
        waiting_retry: 2,
        gave_up: 1,
        failed_in_window: 3,
        stalled: 1,
      })
      expect(
        Math.abs(figures.auto_fulfillments.next_retry_at!.getTime() - +soon)
      ).toBeLessThan(1000)
      expect(figures.webhooks).toMatchObject({
        stored: 6, // 4 delivered and applied + 2 waiting, all webhook, in the hour
        unapplied: 2,
        unmatched_in_day: 1,
      })
      // Lags of the hour's webhook rows: 1, 2, 3, 30, 1, 1 minutes.
      expect(figures.webhooks.lag_p50_s).toBeCloseTo(90, 0)
      expect(figures.webhooks.lag_max_s).toBeCloseTo(1800, 0)
      expect(
        (now.getTime() - figures.webhooks.oldest_unapplied_at!.getTime()) /
          MINUTE
      ).toBeCloseTo(25, 0)
      expect(figures.orphans).toEqual({ kept: 1, voided_in_day: 1 })
      expect(figures.webhooks.registrations).toEqual([
        expect.objectContaining({ type: "tracking", status: "active" }),
      ])
      expect(JSON.stringify(figures)).not.toContain("secret-key-never-shown")
      expect(figures.jobs).toHaveLength(3)

      const settings: HealthSettings = {
        webhookSilenceMinutes: 180,
        webhooksExpected: true,
        pollSchedule: "*/15 * * * *",
        autoFulfillMaxAttempts: 5,
      }
      const view = healthView(
        { ...figures, half_made: 0, shipments_waiting: 12, service: UP },
        settings,
        now
      )
      const status = Object.fromEntries(
        view.items.map((i) => [i.key, i.status])
      )
      expect(status).toEqual({
        service: "ok", // answering
        purchases: "warning", // failures, but labels are bought
        webhooks: "warning", // an event waits for 25 minutes
        auto_fulfillments: "critical", // one given up
        orphans: "warning", // one kept
        jobs: "critical", // the healing is late
      })
      expect(view.status).toBe("critical")
      // Every item that is not ok says what to do (the service answers: nothing to do there).
      for (const item of view.items)
        if (item.status !== "ok") expect(item.action).toBeTruthy()
      const jobs = view.items.find((i) => i.key === "jobs")!
      expect(jobs.action).toContain(PLUGIN_JOBS.healWebhooks.name)
      expect(jobs.action).toContain(PLUGIN_JOBS.retryAutoFulfillments.name)

      // Two hours later with nothing new: no delivery for longer than the silence allowed
      // while parcels are on their way is critical; purchases of the hour are none, so ok.
      const later = healthView(
        { ...figures, half_made: 0, shipments_waiting: 12, service: UP },
        { ...settings, webhookSilenceMinutes: 60 },
        new Date(now.getTime() + 2 * HOUR)
      )
      const webhooks = later.items.find((i) => i.key === "webhooks")!
      expect(webhooks.status).toBe("critical")
      expect(webhooks.action).toMatch(/webhook.publicUrl/)
      // The same silence with no parcel on its way is not one.
      const quiet = healthView(
        { ...figures, half_made: 0, shipments_waiting: 0, service: UP },
        { ...settings, webhookSilenceMinutes: 60 },
        new Date(now.getTime() + 2 * HOUR)
      )
      expect(quiet.items.find((i) => i.key === "webhooks")!.status).toBe(
        "warning" // still the event waiting to be applied
      )
    })

    it("is all ok on a quiet, healthy store", async () => {
      const now = new Date()
      const figures = await service.health().figures({
        since: new Date(now.getTime() - HOUR),
        day: new Date(now.getTime() - 24 * HOUR),
      })
      const view = healthView(
        { ...figures, half_made: 0, shipments_waiting: 0, service: UP },
        {
          webhookSilenceMinutes: 180,
          webhooksExpected: false,
          pollSchedule: "*/15 * * * *",
          autoFulfillMaxAttempts: 5,
        },
        now
      )
      expect(view.status).toBe("ok")
      expect(view.items.every((i) => i.action === null)).toBe(true)
    })

    it("lets one of two workers register a late job's schedule again (the keepers' shared claim)", async () => {
      const restorations = service.jobRestorations()
      const job = PLUGIN_JOBS.recover.name
      expect(await restorations.read()).toEqual({})
      const first = "2026-11-29T10:00:00.000Z"
      // Both found no restoration yet and claim at once: the database picks one.
      const both = await Promise.all([
        restorations.claim(job, null, first),
        restorations.claim(job, null, "2026-11-29T10:00:00.005Z"),
      ])
      expect(both.filter(Boolean)).toHaveLength(1)
      const seen = (await restorations.read())[job]
      // A claim on a stale reading loses; on the current one it wins, other jobs untouched.
      expect(
        await restorations.claim(job, null, "2026-11-29T10:03:00.000Z")
      ).toBe(false)
      const other = PLUGIN_JOBS.pollTracking.name
      expect(await restorations.claim(other, null, first)).toBe(true)
      expect(
        await restorations.claim(job, seen, "2026-11-29T10:03:00.000Z")
      ).toBe(true)
      expect(await restorations.read()).toEqual({
        [job]: "2026-11-29T10:03:00.000Z",
        [other]: first,
      })
      // A keeper whose registration failed gives its claim back (a first one, to none).
      expect(await restorations.claim(other, first, null)).toBe(true)
      expect((await restorations.read())[other]).toBeNull()
      expect(
        await restorations.claim(other, null, "2026-11-29T10:03:15.000Z")
      ).toBe(true)
      // Not a job run: Health's runs stay as runJob wrote them.
      expect(await service.jobRuns()).toEqual([])
    })
  },
})
