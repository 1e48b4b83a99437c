import { httpTestRunner } from "../helpers/runner"
import { adminHeaders } from "../helpers/admin"
import { explainHttpErrors } from "../helpers/errors"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import type { RateChoice } from "../../src/lib/rate-shopping/rate-choice"
import {
  readSpendReport,
  REFRESH_SQL,
} from "../../src/modules/shipping-services/spend-report"
import computeShippingSpendFigures from "../../src/migration-scripts/shipping-services-spend-figures"
import { openStore } from "../helpers/store"
import { whenIdle } from "../../src/lib/in-flight"
import { beginChange, requestChange } from "../helpers/order-changes"
import { ADDRESSES, placeOrder } from "../../dev/seed/store"
import { waitFor } from "../../dev/wait"

jest.setTimeout(600_000)

const ROUTE = "/admin/shipping-services/spend"

type Label = {
  order: string
  service: string
  day: string
  postage: number
  currency?: string
  status?: "created" | "voided" | "failed" | "pending"
  void_status?: string
  parcel_index?: number
  is_return?: boolean
  duty?: number
  tax?: number
  saving?: number
}

/**
 * Orders counted by hand (November 2026, usd unless said):
 * - A: Ground 8.00 + 10 % tax; one UGA label on the 2nd, 5.81.
 * - B: 12.00 tax included at 20 % (10.00), 2.00 discount: 8.00 charged, 1.60 tax; two parcels
 *   on the 3rd: PM 7.35 (the first: it carries B's shipping) and UGA 4.10.
 * - C: 8.00; a UGA label on the 2nd voided (refund APPROVED, 6.00), bought again on the 5th, 6.20.
 * - D (cad): 20.00 cad; a cross-border XBXPS label on the 4th, 15.00 + 2.00 tax + 1.00 duty cad.
 * - E: 8.00; a rate-shopped UGA label on the 2nd, 5.00, saving 1.25 over the option's default.
 * - F: 8.00; a PM label on the 4th voided, its refund only INITIATED (3.00): no live label.
 * - G: 8.00; a UGA label on 31 October (2.00) and a second on 1 November (2.00): G's shipping
 *   belongs to October.
 * - H: a return label, a failed and a pending purchase: none counted.
 */
const LABELS: Label[] = [
  { order: "A", service: "UGA", day: "2026-11-02", postage: 5.81 },
  { order: "B", service: "PM", day: "2026-11-03", postage: 7.35 },
  {
    order: "B",
    service: "UGA",
    day: "2026-11-03",
    postage: 4.1,
    parcel_index: 1,
  },
  {
    order: "C",
    service: "UGA",
    day: "2026-11-02",
    postage: 6,
    status: "voided",
    void_status: "APPROVED",
  },
  { order: "C", service: "UGA", day: "2026-11-05", postage: 6.2 },
  {
    order: "D",
    service: "XBXPS",
    day: "2026-11-04",
    postage: 15,
    currency: "CAD",
    tax: 2,
    duty: 1,
  },
  { order: "E", service: "UGA", day: "2026-11-02", postage: 5, saving: 1.25 },
  {
    order: "F",
    service: "PM",
    day: "2026-11-04",
    postage: 3,
    status: "voided",
    void_status: "INITIATED",
  },
  { order: "G", service: "UGA", day: "2026-10-31", postage: 2 },
  {
    order: "G",
    service: "UGA",
    day: "2026-11-01",
    postage: 2,
    parcel_index: 1,
  },
  {
    order: "H",
    service: "UGA",
    day: "2026-11-02",
    postage: 9,
    is_return: true,
  },
  {
    order: "H",
    service: "UGA",
    day: "2026-11-02",
    postage: 9,
    status: "failed",
  },
  {
    order: "H",
    service: "UGA",
    day: "2026-11-02",
    postage: 9,
    status: "pending",
  },
]

async function seed(container: MedusaContainer) {
  const orderModule = container.resolve(Modules.ORDER)
  const method = (over: Record<string, unknown> = {}) => ({
    name: "Ground",
    amount: 8,
    ...over,
  })
  const specs: Record<string, Record<string, unknown>> = {
    A: {
      shipping_methods: [method({ tax_lines: [{ code: "ST", rate: 10 }] })],
    },
    B: {
      shipping_methods: [
        method({
          amount: 12,
          is_tax_inclusive: true,
          tax_lines: [{ code: "VAT", rate: 20 }],
          adjustments: [{ code: "SHIP2", amount: 2 }],
        }),
      ],
    },
    C: { shipping_methods: [method()] },
    D: { currency_code: "cad", shipping_methods: [method({ amount: 20 })] },
    E: { shipping_methods: [method()] },
    F: { shipping_methods: [method()] },
    G: { shipping_methods: [method()] },
    H: { shipping_methods: [method()] },
  }
  const ids: Record<string, string> = {}
  for (const [key, spec] of Object.entries(specs)) {
    const [order] = await orderModule.createOrders([
      { currency_code: "usd", email: `${key}@example.com`, ...spec } as never,
    ])
    ids[key] = order!.id
  }
  // Placed before their labels, as orders are (G in October).
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  await knex.raw(
    `update "order" set created_at = case when id = ? then timestamptz '2026-10-30T12:00Z' else timestamptz '2026-11-01T00:30Z' end where id = any(?)`,
    [ids.G, Object.values(ids)]
  )
  const shipping: ShippingServicesModuleService = container.resolve(
    SHIPPING_SERVICES_MODULE
  )
  const rows = await shipping.createShipments(
    LABELS.map((l, i) => ({
      transaction_id: `spend-${i}`,
      request_key: `spend-${i}`,
      order_id: ids[l.order],
      option_id: "ground",
      variant: l.service === "XBXPS" ? "cross-border" : "expedited",
      carrier: l.service === "XBXPS" ? "XBORDER" : "POSTAL",
      service_id: l.service,
      status: l.status ?? "created",
      void_status: l.void_status ?? null,
      is_return: l.is_return ?? false,
      parcel_index: l.parcel_index ?? 0,
      charges: {
        baseCharge: l.postage,
        totalCarrierCharge: l.postage,
        totalTaxAmount: l.tax ?? 0,
        totalDutyAmount: l.duty ?? 0,
        currencyCode: l.currency ?? "USD",
        surcharges: [],
        specialServices: [],
      },
      rate_choice:
        l.saving === undefined
          ? null
          : ({
              strategy: "cheapest",
              default_service_id: "PM",
              chosen_service_id: l.service,
              promised_date: null,
              compared: [],
              saving: l.saving,
              currency: "USD",
            } satisfies RateChoice),
    })) as never
  )
  // Bought at noon UTC of its day (B's two parcels a minute apart, parcel 0 first).
  for (const [i, row] of (rows as unknown as { id: string }[]).entries())
    await knex.raw(
      `update shipping_services_shipment set created_at = ?::timestamptz + ? * interval '1 minute' where id = ?`,
      [`${LABELS[i]!.day}T12:00:00Z`, LABELS[i]!.parcel_index ?? 0, row.id]
    )
  return ids
}

const figures = (over: Record<string, unknown>) => ({
  labels: 1,
  voided: 0,
  rate_shopped: 0,
  postage: 0,
  refunded: 0,
  refund_pending: 0,
  duty_and_tax: 0,
  shipping_charged: 0,
  shipping_tax: 0,
  difference: 0,
  saving: 0,
  ...over,
})

httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: { headers: Record<string, string> }

    beforeAll(async () => {
      explainHttpErrors(api)
      admin = await adminHeaders(getContainer())
    })

    const get = (query: string) =>
      api.get(`${ROUTE}?${query}`, { ...admin, validateStatus: () => true })

    it("sums the hand-counted orders by day: voids, two currencies, two parcels of two services, a rate-shopped saving", async () => {
      const ids = await seed(getContainer())
      const { status, data } = await get("from=2026-11-01&to=2026-11-30")
      expect(status).toBe(200)
      expect(data).toMatchObject({
        from: "2026-11-01",
        to: "2026-11-30",
        period: "day",
      })
      expect(data.rows).toEqual([
        {
          period: "2026-11-01",
          service_id: "UGA",
          currency: "usd",
          ...figures({ postage: 2, difference: -2 }),
        },
        {
          period: "2026-11-02",
          service_id: "UGA",
          currency: "usd",
          ...figures({
            labels: 3,
            voided: 1,
            rate_shopped: 1,
            postage: 10.81,
            refunded: 6,
            shipping_charged: 16,
            shipping_tax: 0.8,
            difference: 5.19,
            saving: 1.25,
          }),
        },
        {
          period: "2026-11-03",
          service_id: "PM",
          currency: "usd",
          ...figures({
            postage: 7.35,
            shipping_charged: 8,
            shipping_tax: 1.6,
            difference: 0.65,
          }),
        },
        {
          period: "2026-11-03",
          service_id: "UGA",
          currency: "usd",
          ...figures({ postage: 4.1, difference: -4.1 }),
        },
        {
          period: "2026-11-04",
          service_id: "PM",
          currency: "usd",
          ...figures({ voided: 1, refunded: 3, refund_pending: 3 }),
        },
        {
          period: "2026-11-04",
          service_id: "XBXPS",
          currency: "cad",
          ...figures({
            postage: 15,
            duty_and_tax: 3,
            shipping_charged: 20,
            difference: 5,
          }),
        },
        {
          period: "2026-11-05",
          service_id: "UGA",
          currency: "usd",
          ...figures({ postage: 6.2, shipping_charged: 8, difference: 1.8 }),
        },
      ])
      expect(data.totals).toEqual([
        {
          currency: "cad",
          ...figures({
            postage: 15,
            duty_and_tax: 3,
            shipping_charged: 20,
            difference: 5,
          }),
        },
        {
          currency: "usd",
          ...figures({
            labels: 8,
            voided: 2,
            rate_shopped: 1,
            postage: 30.46,
            refunded: 9,
            refund_pending: 3,
            shipping_charged: 32,
            shipping_tax: 2.4,
            difference: 1.54,
            saving: 1.25,
          }),
        },
      ])

      // What shoppers paid is Medusa's own shipping totals of those orders (tax, inclusive
      // prices and discounts as Medusa computes them): A, B, C, E in usd, D in cad.
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data: orders } = await query.graph({
        entity: "order",
        fields: ["id", "currency_code", "shipping_total", "shipping_tax_total"],
        filters: { id: ["A", "B", "C", "E"].map((k) => ids[k]!) },
      })
      const medusa = orders.reduce(
        (sum, o) => ({
          charged:
            sum.charged +
            Number(o.shipping_total) -
            Number(o.shipping_tax_total),
          tax: sum.tax + Number(o.shipping_tax_total),
        }),
        { charged: 0, tax: 0 }
      )
      expect(medusa.charged).toBeCloseTo(32, 6)
      expect(medusa.tax).toBeCloseTo(2.4, 6)
    })

    it("groups by month, filters one service or one currency, and exports the same rows as CSV", async () => {
      await seed(getContainer())
      const month = await get("from=2026-10-01&to=2026-11-30&period=month")
      expect(
        month.data.rows.map(
          (r: {
            period: string
            service_id: string
            currency: string
            labels: number
            postage: number
            shipping_charged: number
            difference: number
          }) => [
            r.period,
            r.service_id,
            r.currency,
            r.labels,
            r.postage,
            r.shipping_charged,
            r.difference,
          ]
        )
      ).toEqual([
        // G's first label (October) carries its shipping.
        ["2026-10-01", "UGA", "usd", 1, 2, 8, 6],
        ["2026-11-01", "PM", "usd", 2, 7.35, 8, 0.65],
        ["2026-11-01", "UGA", "usd", 6, 23.11, 24, 0.89],
        ["2026-11-01", "XBXPS", "cad", 1, 15, 20, 5],
      ])

      // One service: B's shipping stays with its PM parcel, not with its UGA one.
      const uga = await get(
        "from=2026-11-01&to=2026-11-30&period=month&service=UGA"
      )
      expect(uga.data.rows).toEqual([
        expect.objectContaining({
          service_id: "UGA",
          labels: 6,
          postage: 23.11,
          shipping_charged: 24,
        }),
      ])
      // A connection in another time zone groups the same UTC days.
      const knex = getContainer().resolve(
        ContainerRegistrationKeys.PG_CONNECTION
      )
      const periods = await knex.transaction(async (trx: Knex) => {
        await trx.raw("set local timezone = 'America/Los_Angeles'")
        const rows = await readSpendReport(trx, {
          from: "2026-11-01",
          to: "2026-11-30",
          period: "day",
        })
        return rows.map((r) => r.period)
      })
      expect([...new Set(periods)]).toEqual([
        "2026-11-01",
        "2026-11-02",
        "2026-11-03",
        "2026-11-04",
        "2026-11-05",
      ])
      const cad = await get("from=2026-11-01&to=2026-11-30&currency=CAD")
      expect(
        cad.data.rows.map((r: { currency: string }) => r.currency)
      ).toEqual(["cad"])

      const csv = await get("from=2026-11-01&to=2026-11-30&format=csv")
      expect(csv.status).toBe(200)
      expect(csv.headers["content-type"]).toMatch(/^text\/csv/)
      expect(csv.headers["content-disposition"]).toBe(
        'attachment; filename="shipping-spend-2026-11-01-2026-11-30-day.csv"'
      )
      const lines = (csv.data as string).trimEnd().split("\r\n")
      expect(lines[0]).toBe(
        "period,service_id,currency,labels,voided,rate_shopped,postage,refunded,refund_pending,duty_and_tax,shipping_charged,shipping_tax,difference,saving"
      )
      expect(lines).toHaveLength(8)
      expect(lines[2]).toBe(
        "2026-11-02,UGA,usd,3,1,1,10.81,6.00,0.00,0.00,16.00,0.80,5.19,1.25"
      )
    })

    it("keeps its stored figures true: a void, a removal and a later purchase move the shopper's payment, as a full recomputation finds it", async () => {
      const ids = await seed(getContainer())
      const knex = getContainer().resolve(
        ContainerRegistrationKeys.PG_CONNECTION
      )
      const shipping: ShippingServicesModuleService = getContainer().resolve(
        SHIPPING_SERVICES_MODULE
      )
      const november = "from=2026-11-01&to=2026-11-30"
      const rowOf = (rows: any[], day: string, service: string) =>
        rows.find((r) => r.period === day && r.service_id === service)
      const before = (await get(november)).data.rows
      expect(rowOf(before, "2026-11-03", "PM").shipping_charged).toBe(8)
      const { rows: stored } = await knex.raw(
        `select count(*)::int as n from shipping_services_order_spend where changes > 0`
      )
      expect(stored).toEqual([{ n: 0 }])

      // B's first parcel (PM) voided: B's shipping goes to its UGA parcel, bought the same day.
      const [bPM] = await shipping.listShipments({
        order_id: ids.B,
        service_id: "PM",
      })
      await shipping.updateShipments({
        id: bPM!.id,
        status: "voided",
        void_status: "APPROVED",
      })
      const voided = (await get(november)).data.rows
      expect(rowOf(voided, "2026-11-03", "PM")).toMatchObject({
        voided: 1,
        postage: 0,
        refunded: 7.35,
        shipping_charged: 0,
      })
      expect(rowOf(voided, "2026-11-03", "UGA")).toMatchObject({
        postage: 4.1,
        shipping_charged: 8,
        shipping_tax: 1.6,
        difference: 3.9,
      })
      // A's only label removed, then bought again on the 6th: A's shipping goes with it.
      const [aLabel] = await shipping.listShipments({ order_id: ids.A })
      await shipping.softDeleteShipments([aLabel!.id])
      expect(
        rowOf((await get(november)).data.rows, "2026-11-02", "UGA")
      ).toMatchObject({
        labels: 2,
        shipping_charged: 8,
      })
      const [again] = (await shipping.createShipments([
        {
          transaction_id: "spend-again",
          request_key: "spend-again",
          order_id: ids.A,
          option_id: "ground",
          variant: "expedited",
          carrier: "POSTAL",
          service_id: "UGA",
          status: "created",
          charges: { totalCarrierCharge: 5.5, currencyCode: "USD" },
        },
      ] as never)) as unknown as { id: string }[]
      await knex.raw(
        `update shipping_services_shipment set created_at = '2026-11-06T09:00Z' where id = ?`,
        [again!.id]
      )
      const incremental = (await get(november)).data.rows
      expect(rowOf(incremental, "2026-11-06", "UGA")).toMatchObject({
        labels: 1,
        postage: 5.5,
        shipping_charged: 8,
        shipping_tax: 0.8,
      })
      // Every order recomputed from scratch (as the upgrade's migration script does) finds the same.
      await knex.raw(`update shipping_services_order_spend set changes = 1`)
      await computeShippingSpendFigures({ container: getContainer() })
      const { rows: left } = await knex.raw(
        `select count(*)::int as n from shipping_services_order_spend where changes > 0`
      )
      expect(left).toEqual([{ n: 0 }])
      expect((await get(november)).data.rows).toEqual(incremental)
    })

    it("a change made while a report recomputes waits for the next report, never lost", async () => {
      const ids = await seed(getContainer())
      const knex = getContainer().resolve(
        ContainerRegistrationKeys.PG_CONNECTION
      )
      await get("from=2026-11-01&to=2026-11-30")
      await knex.raw(
        `update shipping_services_order_spend set changes = changes + 1 where order_id = ?`,
        [ids.E]
      )
      // A purchase for E holds E's row (the trigger's count) while a report recomputes E.
      const purchase = await knex.client.acquireConnection()
      try {
        await purchase.query("begin")
        await purchase.query(
          `update shipping_services_shipment set status = 'voided' where order_id = $1`,
          [ids.E]
        )
        // knex sends a statement when it is awaited: then() starts it now.
        const refresh = knex.raw(REFRESH_SQL).then(() => undefined)
        await waitFor(async () => {
          const { rows } = await knex.raw(
            `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%update shipping_services_order_spend t%'`
          )
          return rows.length > 0
        }, "the report's recomputation to wait for the purchase")
        await purchase.query("commit")
        await refresh
      } finally {
        await knex.client.releaseConnection(purchase)
      }
      const { rows } = await knex.raw(
        `select changes > 0 as changed from shipping_services_order_spend where order_id = ?`,
        [ids.E]
      )
      expect(rows).toEqual([{ changed: true }])
      const { data } = await get("from=2026-11-02&to=2026-11-02")
      expect(data.rows).toEqual([
        expect.objectContaining({
          service_id: "UGA",
          voided: 2,
          shipping_charged: 8,
        }),
      ])
    })

    it("follows Medusa's orders: an edit adding shipping after the label, a cancel, an exchange's shipping and its cancel; what shoppers paid is Medusa's own totals", async () => {
      const { admin: merchant, store } = await openStore(api, getContainer())
      const shipping: ShippingServicesModuleService = getContainer().resolve(
        SHIPPING_SERVICES_MODULE
      )
      const order = () =>
        placeOrder(api, store, {
          region: "us",
          address: ADDRESSES.newYork,
          optionId: "postal-ground",
          items: [{ variantId: store.products[0]!.variantId, quantity: 1 }],
        })
      const [edited, canceled, kept] = [
        await order(),
        await order(),
        await order(),
      ]
      const labelled = (orderId: string) =>
        waitFor(
          async () =>
            (
              await shipping.listShipments({
                order_id: orderId,
                status: "created",
              })
            )[0],
          `the label of ${orderId}`,
          60_000,
          250
        )
      const labels = [
        await labelled(edited.id),
        await labelled(canceled.id),
        await labelled(kept.id),
      ]
      const day = new Date(labels[0]!.created_at).toISOString().slice(0, 10)
      const range = `from=${day}&to=${day}&period=month`
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      /** Medusa's shipping totals of the orders, tax out, and their tax. */
      const medusa = async (orderIds: string[]) => {
        const { data } = await query.graph({
          entity: "order",
          fields: ["id", "shipping_total", "shipping_tax_total"],
          filters: { id: orderIds },
        })
        const sum = (f: (o: any) => number) =>
          Math.round(data.reduce((s, o) => s + f(o), 0) * 100) / 100
        return {
          shipping_charged: sum(
            (o) => Number(o.shipping_total) - Number(o.shipping_tax_total)
          ),
          shipping_tax: sum((o) => Number(o.shipping_tax_total)),
        }
      }
      const report = async () => {
        const { data } = await get(range)
        return {
          shipping_charged: data.totals[0].shipping_charged,
          shipping_tax: data.totals[0].shipping_tax,
        }
      }
      const all = [edited.id, canceled.id, kept.id]
      expect(await report()).toEqual(await medusa(all))

      // The merchant adds express shipping to the first order after its label was bought.
      await api.post("/admin/order-edits", { order_id: edited.id }, merchant)
      await api.post(
        `/admin/order-edits/${edited.id}/shipping-method`,
        {
          shipping_option_id: store.shippingOptions["postal-ground"],
          custom_amount: 5,
        },
        merchant
      )
      await api.post(`/admin/order-edits/${edited.id}/request`, {}, merchant)
      await api.post(`/admin/order-edits/${edited.id}/confirm`, {}, merchant)
      // The second is canceled: its fulfillment first (the label is voided), then the order.
      const { data: c } = await api.get(
        `/admin/orders/${canceled.id}?fields=id,*fulfillments`,
        merchant
      )
      await api.post(
        `/admin/orders/${canceled.id}/fulfillments/${c.order.fulfillments[0].id}/cancel`,
        {},
        merchant
      )
      await api.post(`/admin/orders/${canceled.id}/cancel`, {}, merchant)

      const after = await medusa([edited.id, kept.id])
      expect(after.shipping_charged).toBeGreaterThan(
        (await medusa([kept.id])).shipping_charged * 2
      )
      // Medusa's events reach the plugin after its workflows: the report follows them.
      await waitFor(
        async () => JSON.stringify(await report()) === JSON.stringify(after),
        `the report to follow the edit and the cancel (Medusa: ${JSON.stringify(after)})`,
        30_000,
        250
      )
      const { data } = await get(range)
      expect(data.totals[0]).toMatchObject({
        labels: 3,
        voided: 1,
        ...after,
      })

      // An exchange sends the third order another item with shipping charged, then is canceled:
      // Medusa removes the exchange's shipping in a new version and announces no order event
      // for it. Only Medusa's entity events can tell (the labels do not change meanwhile).
      const follows = (what: string) =>
        waitFor(
          async () =>
            JSON.stringify(await report()) ===
            JSON.stringify(await medusa([edited.id, kept.id])),
          `the report to follow ${what}`,
          30_000,
          250
        )
      const keptBefore = (await medusa([kept.id])).shipping_charged
      const exchangeId = (await beginChange(api, merchant, "exchange", kept.id))
        .id as string
      const { data: k } = await api.get(
        `/admin/orders/${kept.id}?fields=id,*items`,
        merchant
      )
      await api.post(
        `/admin/exchanges/${exchangeId}/inbound/items`,
        { items: [{ id: k.order.items[0].id, quantity: 1 }] },
        merchant
      )
      await api.post(
        `/admin/exchanges/${exchangeId}/outbound/items`,
        { items: [{ variant_id: store.products[0]!.variantId, quantity: 1 }] },
        merchant
      )
      await api.post(
        `/admin/exchanges/${exchangeId}/outbound/shipping-method`,
        {
          shipping_option_id: store.shippingOptions["postal-ground"],
          custom_amount: 6,
        },
        merchant
      )
      await requestChange(api, merchant, "exchange", exchangeId)
      expect((await medusa([kept.id])).shipping_charged).toBe(keptBefore + 6)
      await follows("the exchange")
      // What the exchange set off in the background (its parcel's label) is over first.
      expect(await whenIdle({ timeoutMs: 60_000, quietMs: 500 })).toBe(true)
      await follows("the exchange's parcel")
      await api.post(`/admin/exchanges/${exchangeId}/cancel`, {}, merchant)
      expect((await medusa([kept.id])).shipping_charged).toBe(keptBefore)
      await follows("the exchange's cancel")
    })

    it.each([
      [
        "from=2026-12-01&to=2026-11-01",
        "from: must be on or before to (2026-11-01)",
      ],
      [
        "from=2024-01-01&to=2026-01-01",
        "to: must be less than 2 years after from when grouped by day",
      ],
      [
        "from=2016-01-01&to=2026-06-01&period=month",
        "to: must be less than 10 years after from when grouped by month",
      ],
      ["from=11/01/2026", "from: must be a date as YYYY-MM-DD"],
      ["to=2026-02-30", "to: must be a real date"],
      ["period=year", "period: must be day, week or month"],
      ["service=GROUND", "service: must be a service id of the service"],
      ["currency=XYZ", "currency: must be an ISO 4217 currency code"],
      ["format=pdf", "format: must be json or csv"],
      ["from=2026-01-01&from=2026-02-01", "from: "],
      ["limit=10", "Unrecognized key"],
    ])(
      "answers 400 naming the field and the rule: %s",
      async (query, message) => {
        const { status, data } = await get(query)
        expect(status).toBe(400)
        expect(data.type).toBe("invalid_data")
        expect(data.message).toContain(message)
      }
    )

    it("never answers a 5xx, whatever the query", async () => {
      const queries = [
        "from=0000-01-01",
        "from=9999-12-31&to=9999-12-31",
        "from=1970-01-01&to=1971-12-31",
        "from=2999-12-31&to=2999-12-31&period=month",
        `service=${"x".repeat(5000)}`,
        "currency=%00",
        "currency[]=usd",
        "period[a]=day",
        "from=2026-01-01%27%3B--",
        "service=UGA%27%20or%201=1--",
        "to=2026-13-01",
      ]
      for (const q of queries) {
        const { status } = await get(q)
        expect([q, status < 500]).toEqual([q, true])
      }
      const unauthenticated = await api.get(ROUTE, {
        validateStatus: () => true,
      })
      expect(unauthenticated.status).toBe(401)
    })
  },
})
