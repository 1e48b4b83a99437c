import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { appPluginOptions } from "../../../../dev/app-options"
import { SHIPPING_SERVICES_MODULE, parsePluginOptions } from "../../../options"
import {
  purchaseLabel,
  settleInterrupted,
  type LabelClient,
  type PurchaseInput,
} from "../../../providers/shipping-services/purchase"
import {
  ShippingNetworkError,
  ShippingNotFoundError,
  ShippingOutcomeUnknownError,
} from "../../../shipping-api/errors"
import type { ShipmentResponse } from "../../../shipping-api/schemas/shipment"
import { afterProbe } from "../../../lib/outage/outage"
import { Leases } from "../leases"
import ShippingServicesModuleService from "../service"

jest.setTimeout(60_000)

const options = parsePluginOptions(appPluginOptions({}))
const service = options.services.find((s) => s.id === "postal-ground")!
const labelPdf = Buffer.from("%PDF-1.4 label").toString("base64")

/** A service that records what it was asked; `made` holds the labels it created, by transaction id. */
function fakeService(
  behaviour: {
    create?: (id: string) => Promise<ShipmentResponse>
    find?: (id: string) => Promise<ShipmentResponse | undefined>
  } = {}
) {
  const made = new Map<string, ShipmentResponse>()
  const calls = { creates: 0, finds: 0 }
  const answer = (id: string): ShipmentResponse =>
    ({
      shipmentId: `SHP-${id}`,
      parcelTrackingNumber: `9400${id.replace(/\W/g, "").slice(0, 10)}`,
      rates: [
        {
          carrier: "POSTAL",
          serviceId: "UGA",
          totalCarrierCharge: 7.5,
          currencyCode: "USD",
        },
      ],
      documents: [
        {
          type: "SHIPPING_LABEL",
          fileFormat: "PDF",
          contentType: "BASE64",
          size: "DOC_4X6",
          pages: [{ contents: labelPdf }],
        },
      ],
    }) as ShipmentResponse
  const client: LabelClient = {
    async createShipment(_request, o) {
      calls.creates++
      const shipment = behaviour.create
        ? await behaviour.create(o.transactionId)
        : answer(o.transactionId)
      made.set(o.transactionId, shipment)
      return { shipment, transactionId: o.transactionId, recovered: false }
    },
    async findShipment(id) {
      calls.finds++
      if (behaviour.find) return behaviour.find(id)
      return made.get(id)
    },
  }
  return { client, made, calls, answer }
}

const input = (
  key: string,
  extra: Partial<PurchaseInput> = {}
): PurchaseInput => ({
  requestKey: key,
  reusable: async () => true,
  fulfillmentId: "ful_1",
  orderId: "order_1",
  service,
  built: { request: {} as never },
  isReturn: false,
  ...extra,
})

moduleIntegrationTestRunner<ShippingServicesModuleService>({
  moduleName: SHIPPING_SERVICES_MODULE,
  resolve: __dirname + "/..",
  // The migrations, not a schema derived from the models: document bytes are a column of theirs.
  pathToMigrations: __dirname + "/../migrations",
  moduleOptions: appPluginOptions({}) as Record<string, unknown>,
  testSuite: ({ service: journal, MikroOrmWrapper }) => {
    const knex = () => (MikroOrmWrapper.getManager() as any).getKnex()
    /** The same journal as another process would use it: its own leases. */
    const asProcess = (owner: string): ShippingServicesModuleService => {
      const leases = new Leases(knex, 60_000, owner)
      return new Proxy(journal, {
        get: (target, key) => {
          if (key === "leases") return () => leases
          const value = (target as any)[key]
          return typeof value === "function" ? value.bind(target) : value
        },
      })
    }
    /** Makes a row's lease look like its owner stopped a while ago. */
    const expire = (id: string) =>
      knex().raw(
        `update shipping_services_shipment set lease_until = now() - interval '1 second' where id = ?`,
        [id]
      )

    describe("leases", () => {
      it("lets one owner at a time hold a row, and another take it once it ran out", async () => {
        const row = await journal.createShipments({
          transaction_id: "L-1",
          request_key: "k",
          option_id: "x",
          variant: "expedited",
          carrier: "POSTAL",
          service_id: "UGA",
        })
        const a = new Leases(knex, 60_000, "process-a")
        const b = new Leases(knex, 60_000, "process-b")
        expect(await a.take("shipping_services_shipment", row.id)).toBe(true)
        expect(await b.take("shipping_services_shipment", row.id)).toBe(false)
        // The owner is the process: another task of a may take it (the re-home's purchase),
        // unless it asks for the row exclusively.
        expect(await a.take("shipping_services_shipment", row.id)).toBe(true)
        expect(
          await a.take("shipping_services_shipment", row.id, undefined, {
            exclusive: true,
          })
        ).toBe(false)
        await expire(row.id)
        expect(await b.take("shipping_services_shipment", row.id)).toBe(true)
        // a's renewals no longer touch it: the lease is b's; a's run ending leaves b's alone.
        await a.renew()
        await a.release("shipping_services_shipment", row.id)
        const [after] = await journal.listShipments({ id: row.id })
        expect(after.lease_owner).toBe("process-b")
        await b.release("shipping_services_shipment", row.id)
        expect(
          await a.take("shipping_services_shipment", row.id, ["created"])
        ).toBe(false)
        expect(
          await a.take("shipping_services_shipment", row.id, ["pending"])
        ).toBe(true)
        a.stop()
        b.stop()
      })

      it("hands a contested row to exactly one of many takers", async () => {
        const row = await journal.createShipments({
          transaction_id: "L-2",
          request_key: "k2",
          option_id: "x",
          variant: "expedited",
          carrier: "POSTAL",
          service_id: "UGA",
        })
        const takers = Array.from(
          { length: 8 },
          (_, i) => new Leases(knex, 60_000, `p${i}`)
        )
        const won = await Promise.all(
          takers.map((t) => t.take("shipping_services_shipment", row.id))
        )
        expect(won.filter(Boolean)).toHaveLength(1)
        takers.forEach((t) => t.stop())
      })

      it("hands a row taken exclusively to one run of a process at a time, and to the next once the first gave it back", async () => {
        const row = await journal.createShipments({
          transaction_id: "L-3",
          request_key: "k3",
          option_id: "x",
          variant: "expedited",
          carrier: "POSTAL",
          service_id: "UGA",
        })
        const leases = new Leases(knex, 60_000, "process-c")
        const exclusively = () =>
          leases.take("shipping_services_shipment", row.id, undefined, {
            exclusive: true,
          })
        const runs = await Promise.all(Array.from({ length: 8 }, exclusively))
        expect(runs.filter(Boolean)).toHaveLength(1)
        expect(leases.heldCount()).toBe(1)
        await leases.release("shipping_services_shipment", row.id)
        expect(await exclusively()).toBe(true)
        // Let expire: not this process's to take again until the lease ran out.
        leases.letExpire("shipping_services_shipment", row.id)
        expect(await exclusively()).toBe(false)
        leases.stop()
      })
    })

    describe("insertShipmentUnlessRequested", () => {
      const fields = (transactionId: string) => ({
        transaction_id: transactionId,
        transaction_ids: { ids: [transactionId] },
        option_id: "postal-ground",
        variant: "standard",
        carrier: "POSTAL",
        service_id: "UGA",
        is_return: false,
        parcel_index: 2,
        parcel_count: 3,
        status: "pending",
        lease_owner: "p1",
        lease_until: new Date(Date.now() + 60_000),
      })

      it("inserts the pending row in the same statement when the parcel has none standing, with every column typed as the ORM stores it", async () => {
        const first = await journal
          .journal()
          .insertShipmentUnlessRequested("k-one", fields("T-1"))
        expect(first.previous).toBeUndefined()
        expect(first.inserted).toMatchObject({
          id: expect.stringMatching(/^ssship_[0-9A-Z]{26}$/),
          request_key: "k-one",
          transaction_ids: { ids: ["T-1"] },
          is_return: false,
          parcel_index: 2,
          status: "pending",
        })
        expect(first.inserted!.lease_until).toBeInstanceOf(Date)
        const [stored] = await journal.listShipments({ request_key: "k-one" })
        expect(stored).toMatchObject({
          id: first.inserted!.id,
          transaction_ids: { ids: ["T-1"] },
          parcel_count: 3,
        })
      })

      it("inserts nothing and gives the standing rows, newest first, when the parcel has some; failed and voided rows do not stand", async () => {
        const a = await journal
          .journal()
          .insertShipmentUnlessRequested("k-two", fields("T-a"))
        await knex().raw(
          `update shipping_services_shipment set status = 'created', created_at = now() - interval '1 minute' where id = ?`,
          [a.inserted!.id]
        )
        const failed = await journal.journal().insertShipment({
          ...fields("T-f"),
          request_key: "k-two",
          status: "failed",
        })
        const b = await journal.journal().insertShipment({
          ...fields("T-b"),
          request_key: "k-two",
        })
        const again = await journal
          .journal()
          .insertShipmentUnlessRequested("k-two", fields("T-c"))
        expect(again.inserted).toBeUndefined()
        expect(again.previous!.map((r) => r.id)).toEqual([b.id, a.inserted!.id])
        const rows = await journal.listShipments({ request_key: "k-two" })
        expect(rows.map((r) => r.transaction_id).sort()).toEqual([
          "T-a",
          "T-b",
          "T-f",
        ])
        expect(rows.find((r) => r.id === failed.id)?.status).toBe("failed")
        // Only failed rows left: a new one goes in.
        await knex().raw(
          `update shipping_services_shipment set status = 'voided' where request_key = 'k-two' and status <> 'failed'`
        )
        const third = await journal
          .journal()
          .insertShipmentUnlessRequested("k-two", fields("T-d"))
        expect(third.inserted).toMatchObject({ transaction_id: "T-d" })
      })
    })

    describe("purchaseLabel", () => {
      it("buys once, commits the pending row with its transaction id before the request, and stores the label's pages", async () => {
        let seenBeforePost:
          { status: string; transaction_id: string } | undefined
        const svc = fakeService({
          create: async (id) => {
            const [row] = await journal.listShipments({ transaction_id: id })
            seenBeforePost = row
            return svc.answer(id)
          },
        })
        const row = await purchaseLabel(journal, svc.client, input("k-buy"))
        expect(seenBeforePost).toMatchObject({ status: "pending" })
        expect(row).toMatchObject({
          status: "created",
          shipment_id: expect.stringMatching(/^SHP-/),
          label_format: "PDF",
        })
        const pages = await journal.versions().pages("label", row.id)
        expect(pages).toHaveLength(1)
        expect((await journal.documents().bytes(pages[0].id)).toString()).toBe(
          "%PDF-1.4 label"
        )
        expect(svc.calls.creates).toBe(1)
      })

      it("takes over a label bought for a fulfillment that never got it, without buying", async () => {
        const svc = fakeService()
        const first = await purchaseLabel(
          journal,
          svc.client,
          input("k-adopt", { fulfillmentId: "ful_dead" })
        )
        // While its buyer's lease runs, nobody else may take it (Medusa is storing it on the fulfillment).
        await expect(
          purchaseLabel(
            journal,
            svc.client,
            input("k-adopt", { fulfillmentId: "ful_new" })
          )
        ).rejects.toThrow(/another process/)
        await expect(
          purchaseLabel(
            asProcess("p2"),
            svc.client,
            input("k-adopt", { fulfillmentId: "ful_new" })
          )
        ).rejects.toThrow(/another process/)
        // Its buyer stopped (or finished long ago): the next process takes it.
        await expire(first.id)
        const again = await purchaseLabel(
          asProcess("p2"),
          svc.client,
          input("k-adopt", { fulfillmentId: "ful_new" })
        )
        expect(again.id).toBe(first.id)
        expect(again.fulfillment_id).toBe("ful_new")
        expect(svc.calls.creates).toBe(1)
      })

      it("buys a second label when the first belongs to another live fulfillment", async () => {
        const svc = fakeService()
        const first = await purchaseLabel(
          journal,
          svc.client,
          input("k-second", { fulfillmentId: "ful_a" })
        )
        await expire(first.id)
        const second = await purchaseLabel(
          asProcess("p3"),
          svc.client,
          input("k-second", {
            fulfillmentId: "ful_b",
            reusable: async (r) => r.fulfillment_id !== "ful_a",
          })
        )
        expect(second.id).not.toBe(first.id)
        expect(svc.calls.creates).toBe(2)
      })

      it("settles an interrupted purchase with the retry operation and takes the label the service made", async () => {
        const svc = fakeService()
        // A process posted, the service made the label, the process died before storing the answer.
        const row = await journal.createShipments({
          transaction_id: "T-INTERRUPTED",
          request_key: "k-settle",
          option_id: service.id,
          variant: "expedited",
          carrier: "POSTAL",
          service_id: "UGA",
          fulfillment_id: "ful_dead",
          order_id: "order_1",
          lease_owner: "dead-process",
          lease_until: new Date(Date.now() + 60_000),
        })
        svc.made.set("T-INTERRUPTED", svc.answer("T-INTERRUPTED"))
        await expect(
          purchaseLabel(journal, svc.client, input("k-settle"))
        ).rejects.toThrow(/another process/)
        expect(svc.calls.finds).toBe(0)
        await expire(row.id)
        const settled = await purchaseLabel(
          journal,
          svc.client,
          input("k-settle")
        )
        expect(settled).toMatchObject({
          id: row.id,
          status: "created",
          shipment_id: "SHP-T-INTERRUPTED",
          fulfillment_id: "ful_1",
        })
        expect(svc.calls).toEqual({ creates: 0, finds: 1 })
        expect(await journal.versions().pages("label", row.id)).toHaveLength(1)
      })

      it("marks an interrupted purchase the service never made as failed, and buys with a new transaction id", async () => {
        const svc = fakeService({ find: async () => undefined })
        const row = await journal.createShipments({
          transaction_id: "T-NEVER-SENT",
          request_key: "k-404",
          option_id: service.id,
          variant: "expedited",
          carrier: "POSTAL",
          service_id: "UGA",
        })
        const bought = await purchaseLabel(journal, svc.client, input("k-404"))
        expect(bought.id).not.toBe(row.id)
        expect(bought.transaction_id).not.toBe("T-NEVER-SENT")
        const [old] = await journal.listShipments({ id: row.id })
        expect(old).toMatchObject({
          status: "failed",
          error: expect.objectContaining({ code: "interrupted" }),
        })
        expect(svc.calls).toEqual({ creates: 1, finds: 1 })
      })

      it("looks again at a row settled between its look-up and its lease (the recovery job meanwhile), instead of calling it busy", async () => {
        for (const [settledAs, key] of [
          ["failed", "k-race-failed"],
          ["created", "k-race-created"],
        ] as const) {
          const svc = fakeService()
          const row = await journal.createShipments({
            transaction_id: `T-${key}`,
            request_key: key,
            option_id: service.id,
            variant: "expedited",
            carrier: "POSTAL",
            service_id: "UGA",
            order_id: "order_1",
          })
          // The look-up sees it pending; the recovery job settles it before the purchase's take.
          const bound = (target: object, name: string | symbol) => {
            const value = (target as any)[name]
            return typeof value === "function" ? value.bind(target) : value
          }
          const labelJournal = new Proxy(journal.journal(), {
            get: (target, name) => {
              const value = (target as any)[name]
              if (name !== "insertShipmentUnlessRequested")
                return bound(target, name)
              return async (...args: unknown[]) => {
                const found = await value.apply(target, args)
                await journal.updateShipments({
                  id: row.id,
                  status: settledAs,
                  ...(settledAs === "created"
                    ? { shipment_id: "SHP-RACE", tracking_number: "TRK-RACE" }
                    : {}),
                })
                return found
              }
            },
          })
          const racing = new Proxy(journal, {
            get: (target, name) =>
              name === "journal" ? () => labelJournal : bound(target, name),
          })
          const bought = await purchaseLabel(racing, svc.client, input(key))
          if (settledAs === "failed") {
            // No longer standing: a label is bought.
            expect(bought.id).not.toBe(row.id)
            expect(svc.calls.creates).toBe(1)
          } else {
            // The label the settle found is taken; nothing is bought.
            expect(bought.id).toBe(row.id)
            expect(svc.calls.creates).toBe(0)
          }
          expect(svc.calls.finds).toBe(0)
        }
      })

      it("keeps a purchase pending, and buys nothing, while the retry operation cannot answer", async () => {
        const svc = fakeService({
          find: async () => {
            throw new ShippingNetworkError({
              operation: "findShipment",
              timedOut: false,
            })
          },
        })
        const row = await journal.createShipments({
          transaction_id: "T-UNKNOWN",
          request_key: "k-unknown",
          option_id: service.id,
          variant: "expedited",
          carrier: "POSTAL",
          service_id: "UGA",
        })
        await expect(
          purchaseLabel(journal, svc.client, input("k-unknown"))
        ).rejects.toBeTruthy()
        const [after] = await journal.listShipments({ id: row.id })
        expect(after.status).toBe("pending")
        expect(svc.calls.creates).toBe(0)
      })

      it("leaves a create with an unknown outcome pending for the retry operation, and records a refusal as failed", async () => {
        const unknown = fakeService({
          create: async (id) => {
            throw new ShippingOutcomeUnknownError({
              operation: "createShipment",
              transactionId: id,
              messages: [],
              cause: {},
            })
          },
        })
        await expect(
          purchaseLabel(journal, unknown.client, input("k-outcome"))
        ).rejects.toBeTruthy()
        const [pending] = await journal.listShipments({
          request_key: "k-outcome",
        })
        expect(pending).toMatchObject({ status: "pending", lease_owner: null })
        // Not answering is the service's fault, not the order's: the outage opened, and no
        // new create leaves while it lasts.
        const outage = await journal.availability().read()
        expect(outage).toMatchObject({ state: "down" })
        // The probe finds it back (what the probe job writes), and creates go again.
        await journal
          .availability()
          .settle(
            outage!.since,
            afterProbe(outage!, { answering: true }, new Date()).record
          )

        const refused = fakeService({
          create: async () => {
            throw new ShippingNotFoundError({
              operation: "createShipment",
              status: 404,
              messages: ["no"],
            })
          },
        })
        await expect(
          purchaseLabel(journal, refused.client, input("k-refused"))
        ).rejects.toBeTruthy()
        const [failed] = await journal.listShipments({
          request_key: "k-refused",
        })
        expect(failed.status).toBe("failed")
      })
    })

    describe("settleInterrupted", () => {
      /** A pending row a stopped process left, for its transaction id. */
      const pendingRow = (transactionId: string, requestKey: string) =>
        journal.createShipments({
          transaction_id: transactionId,
          request_key: requestKey,
          option_id: service.id,
          variant: "expedited",
          carrier: "POSTAL",
          service_id: "UGA",
        })

      it("records the label the service made for the row's transaction id", async () => {
        const svc = fakeService()
        svc.made.set("T-S", svc.answer("T-S"))
        const row = await pendingRow("T-S", "k-s")
        const settled = await settleInterrupted(
          journal,
          svc.client,
          row,
          service
        )
        expect(settled.status).toBe("created")
        expect(settled.tracking_number).toBe(
          svc.made.get("T-S")!.parcelTrackingNumber
        )
      })

      it("settles a row once when two paths of this process settle it at once (the label's pages stored once)", async () => {
        let answer!: () => void
        const asked = new Promise<void>((resolve) => (answer = resolve))
        const svc = fakeService({
          find: async (id) => {
            await asked
            return svc.made.get(id)
          },
        })
        svc.made.set("T-2", svc.answer("T-2"))
        const row = await pendingRow("T-2", "k-2")
        // The recovery job and a purchase of the same parcel, both holding the row's lease.
        const both = Promise.all([
          settleInterrupted(journal, svc.client, row, service),
          settleInterrupted(journal, svc.client, row, service),
        ])
        answer()
        const [a, b] = await both
        expect([a.status, b.status]).toEqual(["created", "created"])
        expect(svc.calls.finds).toBe(1)
        expect(await journal.versions().pages("label", row.id)).toHaveLength(1)
      })
    })

    it("settles a canceled order's automatic fulfillment unless a live process is buying its labels", async () => {
      const live = await journal.createAutoFulfillments({
        order_id: "order_live",
        status: "running",
        attempts: 1,
        lease_owner: "other",
        lease_until: new Date(Date.now() + 60_000),
      })
      const stopped = await journal.createAutoFulfillments({
        order_id: "order_stopped",
        status: "running",
        attempts: 1,
        lease_owner: "gone",
        lease_until: new Date(Date.now() - 1_000),
      })
      const held = await journal.createAutoFulfillments({
        order_id: "order_held",
        status: "held",
        attempts: 0,
      })
      expect(
        await journal.queue().settleCanceledOrder("order_live")
      ).toHaveLength(0)
      expect(
        await journal.queue().settleCanceledOrder("order_stopped")
      ).toHaveLength(1)
      expect(
        await journal.queue().settleCanceledOrder("order_held")
      ).toHaveLength(1)
      const rows = await journal.listAutoFulfillments({
        id: [live.id, stopped.id, held.id],
      })
      expect(
        Object.fromEntries(rows.map((r) => [r.order_id, r.status]))
      ).toEqual({
        order_live: "running",
        order_stopped: "skipped",
        order_held: "skipped",
      })
    })

    it("gives a canceled order's settled rows back as they were (the workflow's compensation)", async () => {
      const heldAt = new Date("2030-02-03T04:05:06Z")
      const held = await journal.createAutoFulfillments({
        order_id: "order_back",
        status: "failed",
        attempts: 2,
        held_at: heldAt,
        next_attempt_at: heldAt,
        last_error: { message: "the service was down" },
      })
      const settled = await journal.queue().settleCanceledOrder("order_back")
      expect(settled).toEqual([
        expect.objectContaining({
          id: held.id,
          status: "failed",
          last_error: { message: "the service was down" },
        }),
      ])
      await journal.queue().restoreSettled(settled)
      const [after] = await journal.listAutoFulfillments({ id: held.id })
      expect(after).toMatchObject({
        status: "failed",
        attempts: 2,
        last_error: { message: "the service was down" },
      })
      expect(new Date(after.held_at!).toISOString()).toBe(heldAt.toISOString())
      expect(new Date(after.next_attempt_at!).toISOString()).toBe(
        heldAt.toISOString()
      )
    })

    it("records an order for an admin once, and its compensation removes only an untouched row", async () => {
      const first = await journal.queue().recordManual("order_manual", {
        display_id: 7,
      })
      expect(first).not.toBeNull()
      expect(await journal.queue().recordManual("order_manual", {})).toBeNull()
      const moved = await journal.queue().recordManual("order_moved", {})
      await journal.updateAutoFulfillments({ id: moved!.id, status: "held" })
      await journal.queue().removeManual(first!.id)
      await journal.queue().removeManual(moved!.id)
      const rows = await journal.listAutoFulfillments({
        order_id: ["order_manual", "order_moved"],
      })
      expect(rows.map((r) => [r.order_id, r.status])).toEqual([
        ["order_moved", "held"],
      ])
    })

    it("finishes an automatic fulfillment in one statement: status, JSON columns, lease freed", async () => {
      const row = await journal.createAutoFulfillments({
        order_id: "order_finish",
        status: "running",
        attempts: 1,
        lease_owner: "me",
        lease_until: new Date(Date.now() + 60_000),
      })
      await journal.attempts().finish(row.id, {
        status: "failed",
        last_error: { message: "boom", code: "x" },
        next_attempt_at: new Date("2030-01-01T00:00:00Z"),
      })
      let [after] = await journal.listAutoFulfillments({ id: row.id })
      expect(after).toMatchObject({
        status: "failed",
        last_error: { message: "boom", code: "x" },
        lease_owner: null,
        lease_until: null,
      })
      expect(new Date(after.next_attempt_at!).toISOString()).toBe(
        "2030-01-01T00:00:00.000Z"
      )
      await journal.attempts().finish(row.id, {
        status: "succeeded",
        last_error: null,
        fulfillment_ids: { ids: ["ful_1"] },
      })
      ;[after] = await journal.listAutoFulfillments({ id: row.id })
      expect(after).toMatchObject({
        status: "succeeded",
        last_error: null,
        fulfillment_ids: { ids: ["ful_1"] },
      })
    })

    it("marks labels attached once, in one statement", async () => {
      const a = await journal.createShipments({
        transaction_id: "ATT-1",
        request_key: "ka",
        option_id: "x",
        variant: "expedited",
        carrier: "POSTAL",
        service_id: "UGA",
        status: "created",
      })
      await journal.journal().markShipmentsAttached([a.id])
      const [first] = await journal.listShipments({ id: a.id })
      expect(first.attached_at).toBeTruthy()
      await journal.journal().markShipmentsAttached([a.id])
      const [second] = await journal.listShipments({ id: a.id })
      expect(new Date(second.attached_at!).getTime()).toBe(
        new Date(first.attached_at!).getTime()
      )
    })

    it("reads Medusa's fulfillment links (none here)", async () => {
      const pg = (
        journal as unknown as {
          pg_: () => { raw: (s: string) => Promise<unknown> }
        }
      ).pg_()
      await pg.raw(
        `create table if not exists order_fulfillment (id text, order_id text, fulfillment_id text, deleted_at timestamptz)`
      )
      await pg.raw(
        `create table if not exists return_fulfillment (id text, return_id text, fulfillment_id text, deleted_at timestamptz)`
      )
      await pg.raw(
        `insert into order_fulfillment values ('l1', 'order_1', 'ful_linked', null)`
      )
      expect([
        ...(await journal
          .medusa()
          .linkedFulfillments(["ful_linked", "ful_loose"])),
      ]).toEqual(["ful_linked"])
    })
  },
})
