import { inTransitNotification } from "../../dev/notifications"
import { httpTestRunner } from "../helpers/runner"
import { openStore } from "../helpers/store"
import fc from "fast-check"
import { randomUUID } from "node:crypto"
import { appPluginOptions } from "../../dev/app-options"
import { ADDRESSES, placeOrder, type StoreSetup } from "../../dev/seed/store"
import { pgClient } from "../../dev/database"
import { waitFor } from "../../dev/wait"
import { sendAgainOnReset } from "../../dev/fetch-again"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import { WEBHOOK_BODY_LIMIT } from "../../src/lib/ingest/json-body"
import { labelOf } from "../helpers/labels"
import { sandbox } from "../helpers/sandbox"
import { registerTrackingWebhook } from "../helpers/webhooks"
import { deliveryFuzz, TRACKING_HOOK } from "../../dev/webhook-fuzz"

jest.setTimeout(600_000)

/**
 * The receiver's contract, against the real route of a booted app: every delivery
 * gets 200 (stored whole), 400 (refused with the reason, nothing stored), 401, 413 or 415 — a
 * 503 with Retry-After only when the database is out of reach. This file's app pins the
 * plugin's default plausibility window, set before the runner loads medusa-config, restored
 * after; its dates are judged on the sandbox's clock, which answers its calls.
 */
const previousOptions = process.env.SHIPPING_SERVICES_OPTIONS
process.env.SHIPPING_SERVICES_OPTIONS = JSON.stringify({
  ...appPluginOptions(process.env),
  tracking: { beforeLabelHours: 12, aheadHours: 24 },
})

const HOOK = TRACKING_HOOK
// The receiver's decisions are fuzzed over thousands of deliveries without the app
// (judge-delivery.unit.spec.ts, the same generator); here enough of them prove the route answers
// as judged and the database stores every accepted notification and refuses the rest with a 400.
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 300)

httpTestRunner({
  testSuite: ({ api, getContainer, dbConnection, dbConfig }) => {
    let hook: { apiKey: string; headerName: string }
    const base = () => `http://localhost:${process.env.PORT}`
    const shipping = () =>
      getContainer().resolve<ShippingServicesModuleService>(
        SHIPPING_SERVICES_MODULE
      )

    let store: StoreSetup
    let admin: { headers: Record<string, string> }

    beforeAll(async () => {
      ;({ admin, store } = await openStore(api, getContainer()))
      // The app registers its webhook in the background at start; ours replaces it once that is done.
      hook = await waitFor(
        () => registerTrackingWebhook(getContainer()).catch(() => undefined),
        "the tracking webhook registered"
      )
      // This file sends every notification itself.
      await sandbox.put("/webhooks", { delivery: false, mode: "normal" })
    })

    afterAll(async () => {
      await sandbox.put("/webhooks", { delivery: true, mode: "normal" })
      if (previousOptions === undefined)
        delete process.env.SHIPPING_SERVICES_OPTIONS
      else process.env.SHIPPING_SERVICES_OPTIONS = previousOptions
    })

    type Sent = { status: number; headers: Headers; json: any }

    /** A raw POST: the body goes out exactly as given. */
    async function send(
      body: string | Uint8Array,
      {
        contentType = "application/json" as string | null,
        key = hook.apiKey as string | null,
        ref = randomUUID() as string | null,
        path = HOOK,
      } = {}
    ): Promise<Sent> {
      const headers: Record<string, string> = {}
      if (contentType !== null) headers["content-type"] = contentType
      if (key !== null) headers[hook.headerName] = key
      if (ref !== null) headers["x-vendor-referenceid"] = ref
      const request = () =>
        fetch(`${base()}${path}`, {
          method: "POST",
          headers,
          body:
            typeof body === "string" ? body : new Blob([new Uint8Array(body)]),
        })
      // A connection the app closed as idle just as the request went out on it is the test
      // client's transport, not an answer: sent again on a new one (dev/fetch-again.ts).
      const res = await sendAgainOnReset(request)
      const text = await res.text()
      let json: unknown = text
      try {
        json = JSON.parse(text)
      } catch {
        // not JSON
      }
      return { status: res.status, headers: res.headers, json }
    }
    const post = (body: unknown, opts: Parameters<typeof send>[1] = {}) =>
      send(JSON.stringify(body), opts)

    const note = inTransitNotification

    const rowsOf = async (where: string, values: unknown[]) =>
      Number(
        (
          await dbConnection.raw(
            `select count(*)::int as n from shipping_services_tracking_event where ${where}`,
            values
          )
        ).rows[0].n
      )
    const allRows = () => rowsOf("true", [])

    describe("refused whole, with the reason, storing nothing", () => {
      const deep = (levels: number) => "[".repeat(levels) + "]".repeat(levels)

      it.each([
        [
          "a NUL in a string",
          JSON.stringify([note("R-NUL", { eventCity: "New\u0000ark" })]),
          400,
          "notification.string.storable",
        ],
        [
          "a NUL in an unknown field's key",
          JSON.stringify([note("R-NULKEY", { extra: { ["a\u0000"]: 1 } })]),
          400,
          "notification.string.storable",
        ],
        [
          "a lone surrogate",
          JSON.stringify([note("R-SUR", { scanDescription: "\ud800" })]),
          400,
          "notification.string.storable",
        ],
        [
          "a tracking number of 100,000 characters",
          JSON.stringify([note("9".repeat(100_000))]),
          400,
          "notification.trackingNumber.max-length",
        ],
        [
          "50,000 nested arrays as the body",
          deep(50_000),
          400,
          "notification.body.object",
        ],
        [
          "50,000 nested arrays in an unknown field",
          JSON.stringify([note("R-DEEP")]).slice(0, -2) +
            `,"x":${deep(50_000)}}]`,
          400,
          "notification.extra.depth",
        ],
        [
          "3,000 levels of nesting",
          JSON.stringify([note("R-DEEP2")]).slice(0, -2) +
            `,"x":${deep(3_000)}}]`,
          400,
          "notification.extra.depth",
        ],
        [
          "a 100 KB unknown field",
          JSON.stringify([note("R-BLOB", { blob: "x".repeat(100_000) })]),
          400,
          "notification.extra.size",
        ],
        [
          "a date PostgreSQL rejects (year 0000)",
          JSON.stringify([note("R-DATE", { eventDate: "0000-01-01" })]),
          400,
          "notification.eventDate.format",
        ],
        [
          "a date that does not exist",
          JSON.stringify([note("R-DATE2", { eventDate: "2026-02-30" })]),
          400,
          "notification.eventDate.format",
        ],
        [
          "a package status that is no status",
          JSON.stringify([note("R-STATUS", { packageStatus: "💥💥💥" })]),
          400,
          "notification.status.known",
        ],
        [
          "the status false",
          JSON.stringify([
            note("R-FALSE", { status: false, packageStatus: false }),
          ]),
          400,
          "notification.status.known",
        ],
      ])("%s", async (_what, body, status, rule) => {
        const before = await allRows()
        const res = await send(body)
        expect(res.status).toBe(status)
        expect(
          res.json.violations.map((v: { rule: string }) => v.rule)
        ).toContain(rule)
        expect(res.json.violations[0].message).toEqual(expect.any(String))
        expect(await allRows()).toBe(before)
      })

      it("refuses bodies that are not JSON (400), not application/json (415) or over 1 MB (413)", async () => {
        const before = await allRows()
        const good = JSON.stringify([note("R-TYPE")])
        expect(
          (
            await send("trackingNumber=FORM1&status=InTransit", {
              contentType: "application/x-www-form-urlencoded",
            })
          ).status
        ).toBe(415)
        expect((await send(good, { contentType: "text/plain" })).status).toBe(
          415
        )
        expect((await send(good, { contentType: null })).status).toBe(415)
        expect(
          (
            await send(good, {
              contentType: "application/json; charset=utf-16",
            })
          ).status
        ).toBe(415)
        expect((await send("{not json")).status).toBe(400)
        expect(
          (await send(Uint8Array.from([0x5b, 0x22, 0xff, 0x22, 0x5d]))).status
        ).toBe(400) // ["\xff"]: not UTF-8
        const big = await send(
          JSON.stringify([
            note("R-BIG", { eventDescription: "x".repeat(WEBHOOK_BODY_LIMIT) }),
          ])
        )
        expect(big.status).toBe(413)
        expect((await post([note("R-KEY")], { key: "wrong" })).status).toBe(401)
        expect(
          (await post([note("R-REF")], { ref: "r".repeat(201) })).json
            .violations[0].rule
        ).toBe("notification.header.X-Vendor-ReferenceId")
        expect(await allRows()).toBe(before)
      })

      it("refuses the whole delivery when one notification of it is bad", async () => {
        const res = await post([
          note("R-WHOLE-1"),
          note("R-WHOLE-2", { eventTime: "25:00:00" }),
          note("R-WHOLE-3"),
        ])
        expect(res.status).toBe(400)
        expect(res.json.violations).toEqual([
          expect.objectContaining({
            path: "[1].eventTime",
            rule: "notification.eventTime.format",
          }),
        ])
        expect(await rowsOf("tracking_number like 'R-WHOLE-%'", [])).toBe(0)
      })
    })

    it("stores 40 valid deliveries sent at once with a poisoned one, and refuses only that one", async () => {
      const sends = Array.from({ length: 40 }, (_, i) =>
        post([note(`ISO-${i}`)])
      )
      sends.splice(
        17,
        0,
        post([note("ISO-POISON", { eventDescription: "bad\u0000" })])
      )
      const results = await Promise.all(sends)
      expect(results.filter((r) => r.status === 200)).toHaveLength(40)
      expect(results[17].status).toBe(400)
      expect(
        await rowsOf(
          "tracking_number like 'ISO-%' and tracking_number <> 'ISO-POISON'",
          []
        )
      ).toBe(40)
      expect(await rowsOf("tracking_number = 'ISO-POISON'", [])).toBe(0)
    })

    it("stores deliveries of 5,042 and 10,000 events whole, and the largest that fits in 1 MB", async () => {
      const small = (prefix: string, i: number) => ({
        trackingNumber: `${prefix}${String(i).padStart(6, "0")}`,
        status: "InTransit",
        eventDate: "2026-03-03",
        eventTime: "08:00:00",
      })
      for (const [prefix, count] of [
        ["B5K", 5_042],
        ["B10K", 10_000],
      ] as const) {
        const body = JSON.stringify(
          Array.from({ length: count }, (_, i) => small(prefix, i))
        )
        expect(body.length).toBeLessThan(WEBHOOK_BODY_LIMIT)
        const res = await send(body)
        expect([res.status, res.json]).toEqual([
          200,
          { received: count, stored: count },
        ])
        expect(await rowsOf("tracking_number like ?", [`${prefix}%`])).toBe(
          count
        )
      }
      // As many minimal notifications as 1 MB holds, each its own scan.
      const minimal = (i: number) =>
        `{"trackingNumber":"L${i.toString(36)}","status":"Manifest","eventId":"${i.toString(36)}"}`
      const parts: string[] = []
      let bytes = 2
      for (let i = 0; ; i++) {
        const part = minimal(i)
        if (bytes + part.length + 1 > WEBHOOK_BODY_LIMIT) break
        parts.push(part)
        bytes += part.length + 1
      }
      const body = `[${parts.join(",")}]`
      const started = Date.now()
      const res = await send(body)
      const ms = Date.now() - started
      expect([res.status, res.json]).toEqual([
        200,
        { received: parts.length, stored: parts.length },
      ])
      expect(
        await rowsOf(
          "tracking_number like 'L%' and package_status = 'Manifest'",
          []
        )
      ).toBe(parts.length)
      console.log(
        `largest delivery stored: ${parts.length} events, ${Buffer.byteLength(body)} bytes, answered in ${ms} ms`
      )
    })

    it("answers 503 with Retry-After and stores nothing while the database is unreachable; the same delivery is stored once it is back", async () => {
      const body = [note("DOWN-1")]
      // A first delivery caches the key, so the next one reaches the writer.
      expect((await post([note("DOWN-WARM")])).status).toBe(200)
      const admin = pgClient("postgres")
      await admin.connect()
      const db = `"${dbConfig.dbName.replace(/"/g, "")}"`
      let down: Sent
      try {
        // The database refuses new connections and drops the app's: what a restart or an outage looks like.
        await admin.query(`alter database ${db} allow_connections false`)
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
          [dbConfig.dbName]
        )
        down = await post(body, { ref: "down-1" })
      } finally {
        await admin.query(`alter database ${db} allow_connections true`)
        await admin.end()
      }
      expect(down.status).toBe(503)
      expect(down.headers.get("retry-after")).toBe("30")
      expect(down.json.message).toMatch(/nothing was stored/)
      expect(await rowsOf("tracking_number = 'DOWN-1'", [])).toBe(0)
      const again = await waitFor(
        async () => {
          const r = await post(body, { ref: "down-1" })
          return r.status === 200 ? r : undefined
        },
        "the database back",
        30_000,
        500
      )
      expect(again.json).toEqual({ received: 1, stored: 1 })
      expect(
        await rowsOf(
          "tracking_number = 'DOWN-1' and reference_id = 'down-1'",
          []
        )
      ).toBe(1)
    })

    describe("plausibility", () => {
      async function labelled() {
        const order = await placeOrder(api, store, {
          region: "us",
          address: ADDRESSES.newYork,
          optionId: "postal-ground",
          items: [{ variantId: store.products[0].variantId, quantity: 1 }],
        })
        return { order, row: await labelOf(shipping, order.id) }
      }
      const shipmentView = async (orderId: string) =>
        (
          await api.get(
            `/admin/shipping-services/orders/${orderId}/shipments`,
            admin
          )
        ).data.shipments[0]
      const processed = (shipmentId: string, count: number) =>
        waitFor(async () => {
          const events = await shipping().listTrackingEvents({
            shipment_id: shipmentId,
          })
          return events.length === count && events.every((e) => e.processed_at)
            ? events
            : undefined
        }, `${count} events of ${shipmentId} processed`)
      const local = (d: Date) => ({
        eventDate: d.toISOString().slice(0, 10),
        eventTime: d.toISOString().slice(11, 19),
        eventTimeOffset: "+00:00",
      })

      it("stores and shows a Delivered dated 1970-01-01 or years ahead, but moves the order only with a plausible one", async () => {
        const { order, row } = await labelled()
        const delivered = {
          status: "Delivered",
          packageStatus: "Delivered",
          standardizedEventCode: "DLD",
          eventDescription: "Delivered",
        }
        const epoch = await post([
          note(row.tracking_number!, {
            ...delivered,
            eventDate: "1970-01-01",
            eventTime: "00:00:00",
            eventTimeOffset: "+00:00",
          }),
        ])
        const ahead = await post([
          note(row.tracking_number!, { ...delivered, eventDate: "2099-06-01" }),
        ])
        expect([epoch.status, ahead.status]).toEqual([200, 200])
        const events = await processed(row.id, 2)
        expect(events.map((e) => e.outcome).sort()).toEqual([
          "ignored: dated after it arrived",
          "ignored: dated before the label was created",
        ])

        const view = await shipmentView(order.id)
        expect(
          view.timeline.map((e: { date: string; status: string }) => [
            e.date,
            e.status,
          ])
        ).toEqual([
          ["1970-01-01", "Delivered"],
          ["2099-06-01", "Delivered"],
        ])
        expect(view.fulfillment).toMatchObject({
          shipped_at: null,
          delivered_at: null,
        })
        const [shipment] = await shipping().listShipments({ id: row.id })
        expect(shipment.tracking_status).not.toBe("Delivered")
        expect(shipment.delivered_applied_at).toBeNull()

        // A Delivered dated now on the service's (the sandbox's) clock moves it: shipped, then
        // delivered.
        const serviceNow = new Date((await sandbox.get("/clock")).now)
        expect(
          (
            await post([
              note(row.tracking_number!, {
                ...delivered,
                ...local(serviceNow),
              }),
            ])
          ).status
        ).toBe(200)
        await processed(row.id, 3)
        const after = await waitFor(async () => {
          const v = await shipmentView(order.id)
          return v.fulfillment?.delivered_at ? v : undefined
        }, "delivered")
        expect(after.fulfillment.shipped_at).toBeTruthy()
        expect(after.timeline).toHaveLength(3)
      })
    })

    it(`fuzz: ${FUZZ_RUNS} mutated deliveries — never a 5xx, nothing stored when refused, nothing lost when accepted`, async () => {
      const counts: Record<number, number> = {}
      const runId = randomUUID().slice(0, 8)
      const { delivery, build } = deliveryFuzz(runId)

      await fc.assert(
        fc.asyncProperty(delivery, async (d) => {
          const { body, json } = build(d)
          const ref = randomUUID()
          const res = await send(body, {
            contentType: d.contentType,
            key:
              d.key === "right"
                ? hook.apiKey
                : d.key === "wrong"
                  ? "not-the-key"
                  : null,
            ref,
            path: d.path,
          })
          counts[res.status] = (counts[res.status] ?? 0) + 1
          expect([200, 400, 401, 413, 415]).toContain(res.status)
          const ours = await rowsOf("reference_id = ?", [ref])
          if (res.status !== 200) {
            expect(ours).toBe(0)
            return
          }
          // Accepted: every notification counted, every new one stored under this delivery, none lost.
          const items = (Array.isArray(json) ? json : [json]) as {
            trackingNumber: string
          }[]
          expect(res.headers.get("x-vendor-referenceid")).toBe(ref)
          expect(res.json.received).toBe(items.length)
          expect(ours).toBe(res.json.stored)
          const numbers = [
            ...new Set(items.map((n) => String(n.trackingNumber).trim())),
          ]
          const found = (
            await dbConnection.raw(
              `select distinct tracking_number from shipping_services_tracking_event where tracking_number = any(?)`,
              [numbers]
            )
          ).rows.length
          expect(found).toBe(numbers.length)
        }),
        {
          numRuns: FUZZ_RUNS,
          seed: process.env.FUZZ_SEED
            ? Number(process.env.FUZZ_SEED)
            : undefined,
        }
      )
      console.log(
        `fuzz: ${FUZZ_RUNS} deliveries by status ${JSON.stringify(counts)}`
      )
      expect(Object.keys(counts).filter((s) => Number(s) >= 500)).toEqual([])
      expect(counts[200]).toBeGreaterThan(FUZZ_RUNS / 10)
      expect(counts[400]).toBeGreaterThan(FUZZ_RUNS / 10)
    })
  },
})
