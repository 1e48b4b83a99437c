/**
 * A real shop's conditions on Medusa's production topology: two servers and two workers on Redis
 * (dev/cluster.ts), one boot for both checks.
 *
 * 1. The service away for longer than the whole retry schedule, the sandbox answering every
 *    operation 503.
 * Orders are placed through both servers meanwhile, with a flat and a calculated option: checkout
 * answers (the calculated one at its fallback), every order waits for the service without
 * spending an attempt however often the retry job runs, and once the service answers the workers'
 * probe buys every label once — no admin call, no duplicate, one alert each way.
 * 2. An exchange confirmed through a server, its `order.exchange_created` put on the bus twice more
 *    at once (both workers race for the copies): its outbound item gets one label, in a
 *    fulfillment of its own; a copy that found the round running is looked at again by the retry job.
 * Logs of every process: .test-results/cluster/real-shop/.
 */
import { LEAN_GC, prepareCluster, type Cluster } from "../../dev/cluster"
import { TEMPLATE_ADMIN } from "../../dev/cluster-template"
import { fetchApi, type Api } from "../../dev/seed/api"
import {
  ADDRESSES,
  addStockedProduct,
  payAndComplete,
  placeOrder,
  setupStore,
  type StoreSetup,
} from "../../dev/seed/store"
import { waitFor } from "../../dev/wait"
import { appPluginOptions } from "../../dev/app-options"
import type { StatsSnapshot } from "../../packages/sandbox/src/stats"

jest.setTimeout(10 * 60_000)

const ORDERS = 10
// The admin user of the migrated template each file copies (dev/cluster-template.ts).
const ADMIN = TEMPLATE_ADMIN
// Two attempts half a second apart: the schedule is long over before the outage is.
const AUTO_FULFILL = { maxAttempts: 2, backoffMs: 500 }

let cluster: Cluster
let apis: Api[]
let admin: { headers: Record<string, string> }
let store: StoreSetup

const stats = () => cluster.sandbox.control<StatsSnapshot>("GET", "/stats")
const rows = (ids: string[]) =>
  cluster.sql<{ order_id: string; status: string; attempts: number }>(
    "select order_id, status, attempts from shipping_services_auto_fulfillment where order_id = any($1)",
    [ids]
  )
const alerts = (kind: string) =>
  cluster.sql(
    "select id from notification where template = 'shipping-alert' and data->>'kind' = $1",
    [kind]
  )

beforeAll(async () => {
  const defaults = appPluginOptions({})
  cluster = await prepareCluster({
    name: "real-shop",
    admin: ADMIN,
    template: true,
    nodeArgs: LEAN_GC,
    env: {
      SHIPPING_SERVICES_OPTIONS_PATCH: JSON.stringify({
        autoFulfill: AUTO_FULFILL,
        alerts: { template: "shipping-alert", to: "ops@example.com" },
        services: (defaults.services ?? []).map((s) =>
          s.id === "postal-ground" ? { ...s, fallbackPrice: { usd: 9.5 } } : s
        ),
      }),
      // The retry job every 2 s: it runs many times during the outage.
      SHIPPING_SERVICES_RECOVERY_SCHEDULE: "*/2 * * * * *",
    },
  })
  const [server, second] = await cluster.startAll([
    "server",
    "server",
    "worker",
    "worker",
  ])
  apis = [fetchApi(server!.url), fetchApi(second!.url)]
  const { data: login } = await apis[0]!.post("/auth/user/emailpass", ADMIN)
  admin = { headers: { authorization: `Bearer ${login.token}` } }
  store = await setupStore(apis[0]!, admin, {
    priceTypes: { "postal-ground": "calculated" },
  })
})

afterAll(async () => {
  await cluster?.stop()
})

/** A shopper's checkout through server `i % 2`: the calculated option for odd orders. */
async function checkout(i: number): Promise<{ id: string; amount: number }> {
  const api = apis[i % 2]!
  const pk = { headers: { "x-publishable-api-key": store.publishableKey } }
  const address = { ...ADDRESSES.newYork, postal_code: `100${30 + i}` }
  const { data: c } = await api.post(
    "/store/carts",
    {
      region_id: store.regions.us,
      sales_channel_id: store.salesChannelId,
      email: `outage${i}@example.com`,
      items: [{ variant_id: store.products[0]!.variantId, quantity: 1 }],
      shipping_address: address,
      billing_address: address,
    },
    pk
  )
  const option = i % 2 ? "postal-ground" : "standard"
  const { data: added } = await api.post(
    `/store/carts/${c.cart.id}/shipping-methods`,
    { option_id: store.shippingOptions[option] },
    pk
  )
  const order = await payAndComplete(api, c.cart.id, pk)
  return {
    id: order.id,
    amount: Number(added.cart.shipping_methods[0].amount),
  }
}

describe("the service away for longer than the retry schedule, on 2 servers and 2 workers", () => {
  it("keeps selling, spends no attempt, and labels every order once when the service is back, with no admin action", async () => {
    const before = await stats()
    await cluster.sandbox.control("POST", "/faults", {
      operation: "*",
      fault: "503",
      count: 1_000_000,
    })
    const placed: { id: string; amount: number }[] = []
    for (let i = 0; i < ORDERS; i++) placed.push(await checkout(i))
    const ids = placed.map((o) => o.id)
    // The calculated option sold at its fallback (the service could not price it).
    expect(placed.filter((_, i) => i % 2).map((o) => o.amount)).toEqual(
      Array(ORDERS / 2).fill(9.5)
    )
    await waitFor(
      async () =>
        (await rows(ids)).filter((r) => r.status === "waiting").length ===
        ORDERS,
      "every order waiting for the service",
      120_000
    )
    // Well past the whole retry schedule, with the retry job running every 2 s: nothing spent.
    await new Promise((r) => setTimeout(r, 10_000))
    expect(
      (await rows(ids)).map((r) => `${r.status}:${r.attempts}`).sort()
    ).toEqual(Array(ORDERS).fill("waiting:0"))
    await waitFor(
      async () => (await alerts("service_down")).length === 1,
      "the one outage alert",
      60_000
    )

    await cluster.sandbox.control("DELETE", "/faults")
    await waitFor(
      async () => (await rows(ids)).every((r) => r.status === "succeeded"),
      "every order labelled once the service answers",
      120_000,
      500
    )
    const labels = await cluster.sql<{ order_id: string; n: number }>(
      `select order_id, count(*)::int as n from shipping_services_shipment
        where order_id = any($1) and status = 'created' group by order_id`,
      [ids]
    )
    expect(labels.map((l) => l.n)).toEqual(Array(ORDERS).fill(1))
    const after = await stats()
    expect(after.labelsCreated - before.labelsCreated).toBe(ORDERS)
    expect(after.duplicatesRefused).toBe(before.duplicatesRefused)
    await waitFor(
      async () => (await alerts("service_back")).length === 1,
      "the one back alert",
      60_000
    )
    expect(await alerts("service_down")).toHaveLength(1)
  })
})

describe("an exchange on 2 workers, its event delivered three times", () => {
  it("ships its outbound item once, in a fulfillment of its own", async () => {
    const api = apis[0]!
    const kettle = await addStockedProduct(api, admin, store, {
      title: "Kettle",
      sku: "KETTLE-X",
      stock: { [store.locationId]: 20 },
    })
    const mug = await addStockedProduct(api, admin, store, {
      title: "Mug",
      sku: "MUG-X",
      stock: { [store.locationId]: 20 },
    })
    const placed = await placeOrder(api, store, {
      region: "us",
      address: ADDRESSES.newYork,
      optionId: "postal-ground",
      items: [{ variantId: kettle, quantity: 1 }],
    })
    const labelled = (n: number) =>
      waitFor(
        async () => {
          const rows = await cluster.sql<{ n: number }>(
            `select count(*)::int as n from shipping_services_shipment
              where order_id = $1 and status = 'created' and not is_return`,
            [placed.id]
          )
          return rows[0]!.n === n
        },
        `${n} label(s) of the order`,
        120_000,
        500
      )
    await labelled(1)
    // The label is stored before Medusa records the fulfillment on the order's item.
    await waitFor(
      async () => {
        const rows = await cluster.sql<{ n: number }>(
          `select count(*)::int as n from order_item
            where order_id = $1 and deleted_at is null and fulfilled_quantity = quantity`,
          [placed.id]
        )
        return rows[0]!.n >= 1
      },
      "the kettle recorded as fulfilled",
      60_000,
      250
    )
    const { data: order } = await api.get(
      `/admin/orders/${placed.id}?fields=id,*items`,
      admin
    )
    const { data: begun } = await api.post(
      "/admin/exchanges",
      { order_id: placed.id },
      admin
    )
    const exchangeId = begun.exchange.id as string
    await api.post(
      `/admin/exchanges/${exchangeId}/inbound/items`,
      { items: [{ id: order.order.items[0].id, quantity: 1 }] },
      admin
    )
    await api.post(
      `/admin/exchanges/${exchangeId}/outbound/items`,
      { items: [{ variant_id: mug, quantity: 1 }] },
      admin
    )
    await api.post(
      `/admin/exchanges/${exchangeId}/outbound/shipping-method`,
      { shipping_option_id: store.shippingOptions["postal-ground"] },
      admin
    )
    const before = await stats()
    await api.post(`/admin/exchanges/${exchangeId}/request`, {}, admin)
    // Twice more at once: the two workers race for the copies.
    await cluster.emit([
      {
        name: "order.exchange_created",
        data: { order_id: placed.id, exchange_id: exchangeId },
      },
      {
        name: "order.exchange_created",
        data: { order_id: placed.id, exchange_id: exchangeId },
      },
    ])
    await labelled(2)
    // Late copies finish before counting.
    await new Promise((r) => setTimeout(r, 5_000))
    // Copies that found the round running are kept on the order's row: the retry job looks again.
    await waitFor(
      async () => {
        const rows = await cluster.sql<{ n: number }>(
          `select count(*)::int as n from shipping_services_auto_fulfillment
            where order_id = $1 and (status <> 'succeeded' or next_attempt_at is not null)`,
          [placed.id]
        )
        return rows[0]!.n === 0
      },
      "the order's row settled, no change kept",
      60_000,
      500
    )
    await labelled(2)
    const after = await stats()
    expect(after.labelsCreated - before.labelsCreated).toBe(1)
    expect(after.duplicatesRefused).toBe(before.duplicatesRefused)
    const fulfillments = await cluster.sql<{ id: string }>(
      `select f.id from fulfillment f join order_fulfillment o on o.fulfillment_id = f.id
        where o.order_id = $1 and f.canceled_at is null and o.deleted_at is null`,
      [placed.id]
    )
    expect(fulfillments).toHaveLength(2)
  })
})
