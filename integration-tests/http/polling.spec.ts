import { httpTestRunner } from "../helpers/runner"
import { openStore } from "../helpers/store"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { ADDRESSES, placeOrder, type StoreSetup } from "../../dev/seed/store"
import pollTrackingJob, {
  config as pollJobConfig,
} from "../../src/jobs/poll-tracking"
import { inPostalMaintenance } from "../../src/lib/tracking/maintenance"
import { POLL_BACKOFF } from "../../src/lib/tracking/poll-plan"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import { sharedShippingClient } from "../../src/options/shipping-client"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import { TRACKING_STORED_EVENT } from "../../src/orchestration/tracking/tracking-announcer"
import { pollTrackingSweep } from "../../src/orchestration/tracking/tracking-poll"
import { sandbox } from "../helpers/sandbox"
import { labelOf } from "../helpers/labels"
import { waitFor } from "../../dev/wait"

jest.setTimeout(600_000)

const HOUR = 3_600_000

/**
 * The first instant from `t` on whose next `span` ms are all outside postal maintenance (doc 3
 * rule 5: midnight to 3 a.m. ET, when the sweep leaves postal parcels alone): these tests sweep
 * hours ahead of the wall clock, and a run at the wrong hour (CI at 04:40 UTC sweeps at 02:40
 * ET) would find nothing due.
 */
function clearOfMaintenance(t: number, span: number): number {
  const free = (x: number) => {
    for (let d = 0; d <= span; d += 10 * 60_000)
      if (inPostalMaintenance(new Date(x + d))) return false
    return true
  }
  let x = t
  while (!free(x)) x += 10 * 60_000
  return x
}

httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreSetup
    let admin: { headers: Record<string, string> }
    const shipping = () =>
      getContainer().resolve<ShippingServicesModuleService>(
        SHIPPING_SERVICES_MODULE
      )
    /** Later of real time and the sandbox's (shared, frozen) clock: event times come from the latter. */
    const clockNow = async () =>
      Math.max(
        Date.now(),
        new Date((await sandbox.get("/clock")).now).getTime()
      )
    const trackingRequests = async () =>
      ((await sandbox.get("/stats")).requests?.tracking ?? 0) as number

    beforeAll(async () => {
      ;({ admin, store } = await openStore(api, getContainer()))
    })

    beforeEach(async () => {
      // The fallback is what these tests are about: the sandbox sends no webhook at all.
      await sandbox.put("/webhooks", { delivery: false, mode: "normal" })
      await sandbox.put("/scenarios/default", { scenario: "delivered" })
      await sandbox.delete("/faults")
    })

    afterAll(async () => {
      await sandbox.put("/webhooks", { delivery: true, mode: "normal" })
      await sandbox.delete("/faults")
    })

    async function labelledOrder(optionId = "postal-ground") {
      const order = await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId,
        items: [{ variantId: store.products[0].variantId, quantity: 1 }],
      })
      const row = await labelOf(shipping, order.id)
      return { order, row }
    }

    async function fulfillmentOf(orderId: string) {
      const { data } = await api.get(
        `/admin/orders/${orderId}?fields=id,fulfillment_status,*fulfillments`,
        admin
      )
      return data.order.fulfillments[0] as {
        shipped_at: string | null
        delivered_at: string | null
      }
    }

    it("brings an order's tracking in by polling alone when webhooks are off, and applies it to the order", async () => {
      const { order, row } = await labelledOrder()
      await sandbox.post("/clock/advance", { until: "done" })
      expect(
        await shipping().listTrackingEvents({
          tracking_number: row.tracking_number!,
        })
      ).toHaveLength(0)
      // Moving the sandbox clock expired the app's token: refresh it now, so that the count of
      // tracking requests below is not one higher for the repeat after a 401.
      await sharedShippingClient(shipping().getOptions()).listApplicableEvents()

      const bus = getContainer().resolve(Modules.EVENT_BUS)
      const emit = jest.spyOn(bus, "emit")
      const requestsBefore = await trackingRequests()
      try {
        // A label without any event for longer than staleAfterMinutes (120) is due.
        const now = new Date(
          clearOfMaintenance((await clockNow()) + 3 * HOUR, HOUR)
        )
        const stats = await pollTrackingSweep(getContainer(), { now })
        expect(stats).toMatchObject({
          due: 1,
          polled: 1,
          failed: 0,
          stored: 6,
          announced: 1,
        })
        expect(await trackingRequests()).toBe(requestsBefore + 1)

        const events = await shipping().listTrackingEvents(
          { tracking_number: row.tracking_number! },
          { order: { occurred_at: "ASC" } }
        )
        expect(events.map((e) => e.package_status)).toEqual([
          "Manifest",
          "Acceptance",
          "InTransit",
          "InTransit",
          "OutForDelivery",
          "Delivered",
        ])
        expect(
          events.every(
            (e) =>
              e.source === "poll" &&
              e.shipment_id === row.id &&
              e.reference_id === null &&
              e.occurred_at
          )
        ).toBe(true)
        const announced = emit.mock.calls
          .map(
            ([message]) =>
              message as { name: string; data: { tracking_numbers: string[] } }
          )
          .filter((m) => m.name === TRACKING_STORED_EVENT)
        expect(announced).toEqual([
          {
            name: TRACKING_STORED_EVENT,
            data: { tracking_numbers: [row.tracking_number] },
          },
        ])

        // The same apply path as webhooks moves the order.
        const f = await waitFor(async () => {
          const state = await fulfillmentOf(order.id)
          return state.delivered_at ? state : undefined
        }, "order delivered by polled events")
        expect(f.shipped_at).toBeTruthy()
        await waitFor(
          async () =>
            (
              await shipping().listTrackingEvents({
                shipment_id: row.id,
                processed_at: null,
              })
            ).length === 0,
          "events processed"
        )

        const [after] = await shipping().listShipments({ id: row.id })
        expect(after).toMatchObject({
          tracking_status: "Delivered",
          poll_failures: 0,
        })
        expect(after.delivered_applied_at).toBeTruthy()

        // Delivered: never asked about again, however late.
        const later = await pollTrackingSweep(getContainer(), {
          now: new Date((await clockNow()) + 30 * HOUR),
        })
        expect(later).toMatchObject({ due: 0, polled: 0 })
        expect(await trackingRequests()).toBe(requestsBefore + 1)
      } finally {
        emit.mockRestore()
      }
    })

    it("asks about a parcel without news once per staleAfterMinutes, not at every sweep, and not while events arrive", async () => {
      await sandbox.put("/scenarios/default", { scenario: "stuck" })
      const { row } = await labelledOrder()
      const t0 = clearOfMaintenance((await clockNow()) + 3 * HOUR, 6 * HOUR)
      expect(
        (await pollTrackingSweep(getContainer(), { now: new Date(t0) })).polled
      ).toBe(1)
      const [polled] = await shipping().listShipments({ id: row.id })
      expect(new Date(polled.next_poll_at!).getTime()).toBe(t0 + 120 * 60_000)
      expect(
        (
          await pollTrackingSweep(getContainer(), {
            now: new Date(t0 + 60 * 60_000),
          })
        ).polled
      ).toBe(0)
      expect(
        (
          await pollTrackingSweep(getContainer(), {
            now: new Date(t0 + 121 * 60_000),
          })
        ).polled
      ).toBe(1)
      // An event shortly before (by webhook, say) makes it not stale: left alone.
      await shipping().updateShipments({
        id: row.id,
        last_event_at: new Date(t0 + 4 * HOUR),
        next_poll_at: null,
      })
      expect(
        (
          await pollTrackingSweep(getContainer(), {
            now: new Date(t0 + 5 * HOUR),
          })
        ).polled
      ).toBe(0)
    })

    it("is what the scheduled job runs, on the schedule from the options", async () => {
      expect(pollJobConfig).toMatchObject({
        name: "shipping-services-poll-tracking",
        schedule: shipping().getOptions().polling.schedule,
      })
      await sandbox.put("/scenarios/default", { scenario: "stuck" })
      // The job polls at the real time, which may fall in the postal maintenance window (00:00 to
      // 03:00 New York), where postal parcels are rightly left alone: a standard parcel is polled
      // at any hour.
      const { row } = await labelledOrder("standard")
      // Real time: make the shipment stale.
      await shipping().updateShipments({
        id: row.id,
        last_event_at: new Date(Date.now() - 3 * HOUR),
      })
      const before = await trackingRequests()
      await pollTrackingJob(getContainer())
      expect(await trackingRequests()).toBe(before + 1)
      const events = await shipping().listTrackingEvents({
        shipment_id: row.id,
      })
      expect(events.map((e) => e.package_status)).toEqual(["Manifest"])
      const [after] = await shipping().listShipments({ id: row.id })
      expect(after.next_poll_at).toBeTruthy()
    })

    it("sends carrier=STANDARD only for standard delivery (the sandbox refuses a standard parcel without it)", async () => {
      const standard = await labelledOrder("standard")
      const postal = await labelledOrder("postal-ground")
      await sandbox.post("/clock/advance", { seconds: 12 * 3600 })
      // Outside postal maintenance, whatever the time of day of this run.
      let now = new Date(Date.now() + 3 * HOUR)
      while (inPostalMaintenance(now)) now = new Date(now.getTime() + HOUR)
      const stats = await pollTrackingSweep(getContainer(), { now })
      expect(stats).toMatchObject({ due: 2, polled: 2, failed: 0 })
      for (const { row } of [standard, postal]) {
        const [after] = await shipping().listShipments({ id: row.id })
        expect(after.poll_failures).toBe(0)
        expect(
          (await shipping().listTrackingEvents({ shipment_id: row.id })).length
        ).toBeGreaterThan(1)
      }
    })

    it("leaves postal shipments alone during postal maintenance (about 00:00–03:00 New York time)", async () => {
      const standard = await labelledOrder("standard")
      const postal = await labelledOrder("postal-ground")
      // The first quarter hour at least 3 h from now that falls in the window (DST handled by Intl).
      let now = new Date(Math.ceil((Date.now() + 3 * HOUR) / 900_000) * 900_000)
      while (!inPostalMaintenance(now)) now = new Date(now.getTime() + 900_000)
      const stats = await pollTrackingSweep(getContainer(), { now })
      expect(stats).toMatchObject({ postal_paused: true, due: 1, polled: 1 })
      expect(
        (await shipping().listShipments({ id: standard.row.id }))[0]
          .next_poll_at
      ).toBeTruthy()
      expect(
        (await shipping().listShipments({ id: postal.row.id }))[0].next_poll_at
      ).toBeNull()
      // After the window the postal one is asked about.
      let after = now
      while (inPostalMaintenance(after))
        after = new Date(after.getTime() + 900_000)
      expect(
        await pollTrackingSweep(getContainer(), { now: after })
      ).toMatchObject({ postal_paused: false, failed: 0 })
      expect(
        (await shipping().listShipments({ id: postal.row.id }))[0].next_poll_at
      ).toBeTruthy()
    })

    it("announces again events left unprocessed (a lost announcement), so the order still moves", async () => {
      const { order, row } = await labelledOrder()
      // Stored but never announced (as if the event bus had been down), ten minutes and more ago;
      // dated on the sandbox's clock, as its events are, at or after the label, or it would move
      // nothing (docs/tracking.md, plausible dates and the sandbox's clock).
      const at = new Date((await sandbox.get("/clock")).now)
      const [id] = await shipping()
        .trackingEvents()
        .write([
          {
            dedupe_key: `tracking|${row.tracking_number}|ACC|${at.toISOString()}`,
            kind: "tracking",
            source: "webhook",
            tracking_number: row.tracking_number!,
            package_status: "Acceptance",
            event_code: "ACC",
            occurred_at: at,
            payload: { trackingNumber: row.tracking_number },
          },
        ])
      await getContainer()
        .resolve(ContainerRegistrationKeys.PG_CONNECTION)
        .raw(
          `update shipping_services_tracking_event set created_at = now() - interval '20 minutes' where id = ?`,
          [id]
        )
      const bus = getContainer().resolve(Modules.EVENT_BUS)
      const emit = jest.spyOn(bus, "emit")
      try {
        // Nothing is due (the label is fresh): only the announcement happens.
        const stats = await pollTrackingSweep(getContainer())
        expect(stats).toMatchObject({ due: 0, reannounced: 1 })
        expect(emit.mock.calls.map(([m]) => m)).toContainEqual({
          name: TRACKING_STORED_EVENT,
          data: { tracking_numbers: [row.tracking_number] },
        })
      } finally {
        emit.mockRestore()
      }
      await waitFor(
        async () => (await fulfillmentOf(order.id)).shipped_at,
        "order shipped by the announced event"
      )
      await waitFor(
        async () =>
          (
            await shipping().listTrackingEvents({
              id,
              processed_at: { $ne: null },
            })
          ).length === 1,
        "event processed"
      )
      expect((await pollTrackingSweep(getContainer())).reannounced).toBe(0)
    })

    it("backs off a shipment whose polls fail, exponentially, and forgets the failures after a success", async () => {
      const { row } = await labelledOrder()
      const t0 = clearOfMaintenance(Date.now() + 3 * HOUR, 6 * HOUR)
      // Enough 500s for every attempt of the client's retries.
      await sandbox.post("/faults", {
        operation: "tracking",
        fault: "500-before",
        count: 3,
      })
      expect(
        await pollTrackingSweep(getContainer(), { now: new Date(t0) })
      ).toMatchObject({ polled: 1, failed: 1, stored: 0 })
      let [s] = await shipping().listShipments({ id: row.id })
      expect(s.poll_failures).toBe(1)
      expect(new Date(s.next_poll_at!).getTime()).toBe(t0 + POLL_BACKOFF.baseMs)

      await sandbox.post("/faults", {
        operation: "tracking",
        fault: "500-before",
        count: 3,
      })
      const t1 = t0 + POLL_BACKOFF.baseMs
      expect(
        (
          await pollTrackingSweep(getContainer(), {
            now: new Date(t1 - 60_000),
          })
        ).polled
      ).toBe(0)
      expect(
        await pollTrackingSweep(getContainer(), { now: new Date(t1) })
      ).toMatchObject({ polled: 1, failed: 1 })
      ;[s] = await shipping().listShipments({ id: row.id })
      expect(s.poll_failures).toBe(2)
      expect(new Date(s.next_poll_at!).getTime()).toBe(
        t1 + 2 * POLL_BACKOFF.baseMs
      )

      await sandbox.delete("/faults")
      const t2 = t1 + 2 * POLL_BACKOFF.baseMs
      expect(
        await pollTrackingSweep(getContainer(), { now: new Date(t2) })
      ).toMatchObject({ polled: 1, failed: 0 })
      ;[s] = await shipping().listShipments({ id: row.id })
      expect(s.poll_failures).toBe(0)
      expect(new Date(s.next_poll_at!).getTime()).toBe(t2 + 120 * 60_000)
    })
  },
})
