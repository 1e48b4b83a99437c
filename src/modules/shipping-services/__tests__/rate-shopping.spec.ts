import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { appPluginOptions } from "../../../../dev/app-options"
import { SHIPPING_SERVICES_MODULE, parsePluginOptions } from "../../../options"
import { sharedShippingClient } from "../../../options/shipping-client"
import {
  origin,
  order,
  shipped,
} from "../../../providers/shipping-services/mapping/__fixtures__/orders"
import { buyParcels } from "../../../providers/shipping-services/parcel-purchase"
import { ratedParcel } from "../../../providers/shipping-services/pricing"
import { processQuotes } from "../../../providers/shipping-services/quotes"
import { planShipment } from "../../../providers/shipping-services/mapping/plan"
import { ShippingOutcomeUnknownError } from "../../../shipping-api/errors"
import type {
  RatesResponse,
  ShipmentResponse,
} from "../../../shipping-api/schemas/shipment"
import type { RateChoice } from "../../../lib/rate-shopping/rate-choice"
import { afterProbe } from "../../../lib/outage/outage"
import { Leases } from "../leases"
import ShippingServicesModuleService from "../service"

jest.setTimeout(60_000)

const DelCon = [{ specialServiceId: "DelCon", inputParameters: [] }]
const options = parsePluginOptions({
  ...appPluginOptions({}),
  services: [
    {
      id: "postal-saver",
      name: "Postal saver",
      variant: "expedited",
      serviceId: "PM",
      specialServices: DelCon,
      rateShopping: { among: ["UGA", "PS", "EM"], choose: "cheapest" },
    },
    {
      id: "postal-quickest",
      name: "Postal quickest",
      variant: "expedited",
      serviceId: "PM",
      specialServices: DelCon,
      rateShopping: { among: ["EM"], choose: "fastest" },
    },
  ],
})
const saver = options.services[0]!
const quickest = options.services[1]!
const rules = sharedShippingClient(options)
const labelPdf = Buffer.from("%PDF-1.4 label").toString("base64")

/** Each service's price and delivery date in a rates answer without serviceId. */
type Offer = Record<string, [amount: number, by: string]>
/** PS is cheaper than PM and keeps a promise of 2026-12-04; UGA is cheapest and later. */
const OFFER: Offer = {
  PM: [10.2, "2026-12-03"],
  UGA: [6.25, "2026-12-07"],
  PS: [8.1, "2026-12-04"],
  EM: [31.1, "2026-12-02"],
}
const promiseBy = (latest: string) => ({
  promise: { earliest: latest, latest, guaranteed: false },
  service_ids: ["UGA"],
})

/** A service that rates by `offer`, makes labels (by transaction id) and counts what it was asked. */
function fakeService(offer: Offer = OFFER) {
  const made = new Map<string, ShipmentResponse>()
  const calls = { rates: 0, creates: [] as string[], finds: 0 }
  const answer = (id: string, serviceId: string): ShipmentResponse =>
    ({
      shipmentId: `SHP-${id}`,
      parcelTrackingNumber: `9400${id.replace(/\W/g, "").slice(0, 10)}`,
      rates: [
        {
          carrier: "POSTAL",
          serviceId,
          totalCarrierCharge: offer[serviceId]![0],
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
  const client = {
    checkShipment: rules.checkShipment.bind(rules),
    async getRates(request: { rates: { serviceId?: string }[] }) {
      calls.rates++
      expect(request.rates[0]!.serviceId).toBeUndefined()
      return {
        rates: Object.entries(offer).map(([serviceId, [amount, by]]) => ({
          carrier: "POSTAL",
          serviceId,
          totalCarrierCharge: amount,
          currencyCode: "USD",
          deliveryCommitment: {
            estimatedDeliveryDateTime: `${by}T20:00:00`,
            maxEstimatedNumberOfDays: "3",
          },
        })),
      } as RatesResponse
    },
    async createShipment(
      request: { rates: { serviceId?: string }[] },
      o: { transactionId: string }
    ) {
      const service = request.rates[0]!.serviceId!
      calls.creates.push(service)
      const shipment = answer(o.transactionId, service)
      made.set(o.transactionId, shipment)
      return { shipment, transactionId: o.transactionId, recovered: false }
    },
    async findShipment(id: string) {
      calls.finds++
      return made.get(id)
    },
  }
  return { client, made, calls }
}

moduleIntegrationTestRunner<ShippingServicesModuleService>({
  moduleName: SHIPPING_SERVICES_MODULE,
  resolve: __dirname + "/..",
  pathToMigrations: __dirname + "/../migrations",
  moduleOptions: appPluginOptions({}) as Record<string, unknown>,
  testSuite: ({ service: journal, MikroOrmWrapper }) => {
    const knex = () => (MikroOrmWrapper.getManager() as any).getKnex()
    /** The journal as one process uses it (its own leases): a crashed one and the one after. */
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
    let orders = 0
    /** A fulfillment of a fresh order (its own parcel key and rates), bought by `process`. */
    const buy = (
      fake: ReturnType<typeof fakeService>,
      opts: {
        service?: typeof saver
        orderId?: string
        postalCode?: string
        phone?: string | null
        shown?: ReturnType<typeof promiseBy>
        process?: ShippingServicesModuleService
      } = {}
    ) => {
      const orderId = opts.orderId ?? `order_rs_${++orders}`
      const o = order(
        {
          postal_code:
            opts.postalCode ?? `100${String(orders).padStart(2, "0")}`,
          ...(opts.phone === undefined ? {} : { phone: opts.phone }),
        },
        { id: orderId }
      )
      const build = {
        order: o,
        lines: shipped(o),
        service: opts.service ?? saver,
        options,
        origin,
        direction: "outbound" as const,
      }
      return {
        build,
        bought: () =>
          buyParcels(
            {
              options,
              journal: () => opts.process ?? journal,
              client: () => fake.client as any,
              reusable: async () => true,
            },
            {
              build,
              fulfillmentId: `ful_${orderId}`,
              orderId,
              shown: opts.shown,
            }
          ),
      }
    }
    const choiceOf = (row: { rate_choice?: unknown }) =>
      row.rate_choice as RateChoice

    it("buys the cheapest service that keeps the promise, not the cheaper one arriving later, with one rates call", async () => {
      const fake = fakeService()
      const [row] = await buy(fake, { shown: promiseBy("2026-12-04") }).bought()
      expect(fake.calls.rates).toBe(1)
      expect(fake.calls.creates).toEqual(["PS"])
      expect(row).toMatchObject({
        status: "created",
        service_id: "PS",
        option_id: "postal-saver",
      })
      const choice = choiceOf(row!)
      expect(choice).toMatchObject({
        strategy: "cheapest",
        default_service_id: "PM",
        chosen_service_id: "PS",
        promised_date: "2026-12-04",
        saving: 2.1,
        currency: "usd",
      })
      expect(choice.compared.find((c) => c.service_id === "UGA")).toMatchObject(
        {
          amount: 6.25,
          delivery_date: "2026-12-07",
          refused: "arrives by 2026-12-07, after the promised 2026-12-04",
        }
      )
    })

    it("buys the service that made the promise when no service keeps it any more", async () => {
      const fake = fakeService()
      const [row] = await buy(fake, { shown: promiseBy("2026-12-01") }).bought()
      expect(row!.service_id).toBe("UGA")
      expect(fake.calls.creates).toEqual(["UGA"])
    })

    it("uses the checkout's quote while it is fresh: no rates call at purchase", async () => {
      const fake = fakeService()
      const { build, bought } = buy(fake, { shown: promiseBy("2026-12-04") })
      const plan = planShipment(build)
      if (!plan.ok) throw new Error("the fixture order plans")
      await ratedParcel(
        {
          client: () => fake.client as any,
          shipments: () => journal,
          quotes: processQuotes,
          policy: { ttlMs: 300_000, keepMs: 300_000 },
        },
        saver,
        plan.parcels[0]!,
        "usd"
      )
      expect(fake.calls.rates).toBe(1)
      const [row] = await bought()
      expect(fake.calls.rates).toBe(1)
      expect(row!.service_id).toBe("PS")
    })

    it("leaves out a service a rule of the documents refuses, with the rule's words", async () => {
      const fake = fakeService()
      // doc 2: EM needs the recipient's phone; this shopper gave none.
      const [row] = await buy(fake, { service: quickest, phone: "" }).bought()
      expect(row!.service_id).toBe("PM")
      expect(
        choiceOf(row!).compared.find((c) => c.service_id === "EM")!.refused
      ).toBe(
        "phone is required for service EM [address.expedited.express-mail-phone]"
      )
      const [withPhone] = await buy(fakeService(), {
        service: quickest,
      }).bought()
      expect(withPhone!.service_id).toBe("EM")
    })

    describe("a crash between choosing and buying: one label, the service chosen", () => {
      /** Process a chose PS, fixed it on the pending row, and died with the create's outcome unknown. */
      const crashed = async (labelMade: boolean) => {
        const first = fakeService()
        const orderId = `order_rs_crash_${labelMade}`
        let pendingAtCreate: Record<string, unknown> | undefined
        const a = asProcess("process-a")
        const create = first.client.createShipment
        first.client.createShipment = async (request, o) => {
          const [row] = await journal.listShipments({
            transaction_id: o.transactionId,
          })
          pendingAtCreate = row as Record<string, unknown>
          if (labelMade) await create(request, o)
          throw new ShippingOutcomeUnknownError({
            operation: "createShipment",
            transactionId: o.transactionId,
            messages: [],
            cause: {},
          })
        }
        await expect(
          buy(first, {
            orderId,
            process: a,
            shown: promiseBy("2026-12-04"),
          }).bought()
        ).rejects.toThrow()
        // Fixed before the create left: the service and the whole choice.
        expect(pendingAtCreate).toMatchObject({
          status: "pending",
          service_id: "PS",
        })
        expect(choiceOf(pendingAtCreate!).chosen_service_id).toBe("PS")
        ;(a.leases() as Leases).stop()
        // The unclear answer opened the outage; the probe finds the service back.
        const outage = (await journal.availability().read())!
        await journal
          .availability()
          .settle(
            outage.since,
            afterProbe(outage, { answering: true }, new Date()).record
          )
        return { orderId, made: first.made }
      }

      it("the label was not made: the retry buys the same service, without asking rates again", async () => {
        const { orderId } = await crashed(false)
        // Rates changed since: re-rated, UGA would now keep the promise and win.
        const next = fakeService({ ...OFFER, UGA: [6.25, "2026-12-03"] })
        const b = asProcess("process-b")
        const [row] = await buy(next, {
          orderId,
          process: b,
          shown: promiseBy("2026-12-04"),
        }).bought()
        expect(next.calls.rates).toBe(0)
        expect(next.calls.finds).toBe(1)
        expect(next.calls.creates).toEqual(["PS"])
        expect(row).toMatchObject({ status: "created", service_id: "PS" })
        const rows = await journal.listShipments({ order_id: orderId })
        expect(rows.filter((r) => r.status === "created")).toHaveLength(1)
        ;(b.leases() as Leases).stop()
      })

      it("the label was made: the retry recognizes it and buys nothing", async () => {
        const { orderId, made } = await crashed(true)
        const next = fakeService({ ...OFFER, UGA: [6.25, "2026-12-03"] })
        for (const [id, shipment] of made) next.made.set(id, shipment)
        const b = asProcess("process-b")
        const [row] = await buy(next, {
          orderId,
          process: b,
          shown: promiseBy("2026-12-04"),
        }).bought()
        expect(next.calls.rates).toBe(0)
        expect(next.calls.creates).toEqual([])
        expect(row).toMatchObject({ status: "created", service_id: "PS" })
        expect(choiceOf(row!).chosen_service_id).toBe("PS")
        const rows = await journal.listShipments({ order_id: orderId })
        expect(rows).toHaveLength(1)
        ;(b.leases() as Leases).stop()
      })
    })
  },
})
