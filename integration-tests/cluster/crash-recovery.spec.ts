/**
 * Crash safety of label purchases: a real Medusa worker process is killed with
 * SIGKILL at each point of a purchase, and a new one started; afterwards the labels at the
 * service are exactly the labels on fulfillments: none bought twice, none left unreported.
 *
 *  - before the create is posted (the pending row with its transaction id is committed);
 *  - while the create is in flight (the sandbox holds it 2.5 s and makes the label anyway);
 *  - after the service answered, before anything of the answer was stored;
 *  - an order canceled while its label's process was down: the label no fulfillment can take
 *    is voided automatically and listed for admins.
 *
 * Each kill also leaves a Medusa fulfillment of this provider half-made (created, never linked
 * to its order, no label): the recovery cancels and deletes it through Medusa's fulfillment
 * module, and every trial counts those left (`fulfillmentsWithoutOrder`, expected 0).
 *
 * Topology: one server (HTTP, always up) and the worker being killed (dev/cluster.ts); leases of
 * 5 s so the restarted worker takes over quickly. Kills at a point inside a purchase are done by
 * the worker itself (SHIPPING_SERVICES_CRASH_AT, src/lib/crash-points.ts: SIGKILL, no cleanup);
 * the kill in flight comes from outside, while the sandbox holds the request.
 */
import {
  LEAN_GC,
  prepareCluster,
  type Cluster,
  type MedusaProcess,
} from "../../dev/cluster"
import { TEMPLATE_ADMIN } from "../../dev/cluster-template"
import { fetchApi, type Api } from "../../dev/seed/api"
import {
  addStockedProduct,
  ADDRESSES,
  placeOrder,
  setupStore,
  type StoreSetup,
} from "../../dev/seed/store"
import { waitFor } from "../../dev/wait"
import {
  beginOneForOneExchange,
  confirmAddingEdit,
  requestChange,
} from "../helpers/order-changes"
import type { StatsSnapshot } from "../../packages/sandbox/src/stats"

jest.setTimeout(10 * 60_000)

// The admin user of the migrated template each file copies (dev/cluster-template.ts).
const ADMIN = TEMPLATE_ADMIN

let cluster: Cluster
let api: Api
let admin: { headers: Record<string, string> }
let store: StoreSetup
const report: Record<string, unknown>[] = []

const stats = () => cluster.sandbox.control<StatsSnapshot>("GET", "/stats")

/** Fulfillments of this provider that no order (or return) holds and nobody canceled. */
const WITHOUT_ORDER = `f.provider_id like 'shipping-services\\_%' and f.deleted_at is null and f.canceled_at is null
        and not exists (select 1 from order_fulfillment o where o.fulfillment_id = f.id and o.deleted_at is null)
        and not exists (select 1 from return_fulfillment r where r.fulfillment_id = f.id and r.deleted_at is null)`
const withoutOrder = async () =>
  (await cluster.sql(`select f.id from fulfillment f where ${WITHOUT_ORDER}`))
    .length

/** Half-made fulfillments the last killed worker left (counted when it was replaced). */
let halfMadeAtKill = 0

/**
 * Half-made fulfillments seen after a kill, and how many are left once recovery had its turn
 * (it leaves them alone at first: their workflow might still be running).
 */
async function halfMadeLeft(): Promise<{ seen: number; left: number }> {
  const seen = halfMadeAtKill
  const left = await waitFor(
    async () => {
      const n = await withoutOrder()
      return n === 0 ? { n } : undefined
    },
    "half-made fulfillments removed by the recovery",
    240_000,
    2_000
  ).then(
    (r) => r.n,
    () => withoutOrder()
  )
  return { seen, left }
}

beforeAll(async () => {
  cluster = await prepareCluster({
    name: "crash-recovery",
    admin: ADMIN,
    template: true,
    nodeArgs: LEAN_GC,
    env: {
      SHIPPING_SERVICES_LEASE_SECONDS: "5",
      SHIPPING_SERVICES_ORPHAN_GRACE_MINUTES: "1",
      // The recovery jobs every 2 s rather than every minute (recovery.schedule).
      SHIPPING_SERVICES_RECOVERY_SCHEDULE: "*/2 * * * * *",
      // Events the killed worker held are handed on after 6–9 s, not up to a minute
      // (medusa-config.ts).
      DEV_EVENT_BUS_LOCK_MS: "6000",
    },
  })
  // No worker yet: each trial starts the one it kills (the store's events wait on the bus for it).
  await cluster.start("server")
  api = fetchApi(cluster.url)
  const { data: login } = await api.post("/auth/user/emailpass", ADMIN)
  admin = { headers: { authorization: `Bearer ${login.token}` } }
  store = await setupStore(api, admin)
})

afterAll(async () => {
  // The figures of the closing note.
  console.log(`crash trials: ${JSON.stringify(report, null, 1)}`)
  await cluster?.stop()
})

const place = (n: number, tag: string) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        email: `${tag}${i}@example.com`,
        items: [{ variantId: store.products[i % 2]!.variantId, quantity: 1 }],
      })
    )
  )

/** Waits for the worker to be gone (it killed itself, or was killed). */
const dead = (p: MedusaProcess) =>
  waitFor(async () => !p.running, `${p.name} to die`, 120_000, 100)

/**
 * The worker the trial kills is replaced by a fresh one (a new process, as after a crash). The
 * time a real restart takes is made to pass on the data instead of waited for: the fulfillments
 * the dead worker left without an order are dated back past the age the recovery leaves them
 * alone for (halfMadeAfterSeconds, 30 s at least), so the new worker's start-up recovery removes
 * them rather than its every-minute job a minute later. Nothing else makes fulfillments here: the
 * server runs no workflow, and the dead worker was the only one.
 */
async function replaceWorker(crashed: MedusaProcess): Promise<MedusaProcess> {
  if (crashed.running) await crashed.kill()
  halfMadeAtKill = (
    await cluster.sql(
      `update fulfillment f set created_at = created_at - interval '5 minutes' where ${WITHOUT_ORDER} returning f.id`
    )
  ).length
  return cluster.start("worker")
}

/**
 * What the service and Medusa hold for these orders, once every order's fulfillment settled:
 * labels the sandbox made, labels on live fulfillments, duplicates, labels no fulfillment holds.
 */
async function settle(orderIds: string[], labelsBefore: number, trial: string) {
  await waitFor(
    async () => {
      const [{ n }] = await cluster.sql(
        `select count(*)::int as n from shipping_services_auto_fulfillment where order_id = any($1) and status in ('succeeded', 'skipped')`,
        [orderIds]
      )
      return n === orderIds.length
    },
    `${trial}: every order's fulfillment settled`,
    180_000,
    500
  )
  const onFulfillments = await cluster.sql<{
    order_id: string
    tracking_number: string
  }>(
    `select o.order_id, l.tracking_number from fulfillment_label l
       join fulfillment f on f.id = l.fulfillment_id and f.canceled_at is null and f.deleted_at is null
       join order_fulfillment o on o.fulfillment_id = f.id and o.deleted_at is null
     where o.order_id = any($1) and l.deleted_at is null`,
    [orderIds]
  )
  const rows = await cluster.sql<{
    status: string
    orphaned_at: Date | null
    void_reason: string | null
    order_id: string
  }>(
    `select status, orphaned_at, void_reason, order_id from shipping_services_shipment where order_id = any($1) and deleted_at is null and status in ('created', 'voided')`,
    [orderIds]
  )
  const made = (await stats()).labelsCreated - labelsBefore
  const perOrder = new Map<string, number>()
  for (const l of onFulfillments)
    perOrder.set(l.order_id, (perOrder.get(l.order_id) ?? 0) + 1)
  const figures = {
    trial,
    orders: orderIds.length,
    labelsAtService: made,
    labelsOnFulfillments: onFulfillments.length,
    duplicates: [...perOrder.values()].filter((n) => n > 1).length,
    ordersWithoutLabel: orderIds.filter((id) => !perOrder.has(id)).length,
    orphansVoided: rows.filter((r) => r.orphaned_at && r.status === "voided")
      .length,
    orphansUnreported: rows.filter(
      (r) =>
        r.status === "created" &&
        !onFulfillments.some((l) => l.order_id === r.order_id) &&
        !r.orphaned_at
    ).length,
    ...(await halfMadeLeft().then(({ seen, left }) => ({
      halfMadeSeen: seen,
      fulfillmentsWithoutOrder: left,
    }))),
  }
  report.push(figures)
  return figures
}

describe("a worker killed during a label purchase", () => {
  it.each([["before-post"], ["after-answer"]])(
    "killed %s: after a restart, one label per order and none lost",
    async (point) => {
      const victim = await cluster.start("worker", {
        name: `crash-${point}`,
        env: { SHIPPING_SERVICES_CRASH_AT: point },
      })
      await cluster.workers
        .filter((w) => w !== victim && w.running)
        .reduce((p, w) => p.then(() => w.stop()), Promise.resolve())
      const before = (await stats()).labelsCreated
      const orders = await place(3, point)
      await dead(victim)
      // The worker died in its first purchase; the others' events wait on the bus.
      await replaceWorker(victim)
      const figures = await settle(
        orders.map((o) => o.id),
        before,
        point
      )
      expect(figures).toMatchObject({
        labelsAtService: 3,
        labelsOnFulfillments: 3,
        duplicates: 0,
        ordersWithoutLabel: 0,
        orphansUnreported: 0,
        fulfillmentsWithoutOrder: 0,
      })
    }
  )

  it("killed while the create is in flight (the service makes the label anyway): the label is found, not bought again", async () => {
    // The last trial's replacement, the only worker running, is killed this time (a boot less).
    const running = cluster.workers.filter((w) => w.running)
    for (const w of running.slice(1)) await w.stop()
    const victim =
      running[0] ?? (await cluster.start("worker", { name: "crash-in-flight" }))
    await cluster.sandbox.control("PUT", "/latency", {
      operation: "createShipment",
      ms: 2_500,
    })
    const before = (await stats()).labelsCreated
    const orders = await place(4, "inflight")
    await waitFor(
      async () => (await stats()).createsInFlight > 0,
      "creates in flight",
      60_000,
      50
    )
    await victim.kill()
    await cluster.sandbox.control("PUT", "/latency", {
      operation: "createShipment",
      ms: 0,
    })
    await replaceWorker(victim)
    const figures = await settle(
      orders.map((o) => o.id),
      before,
      "in-flight"
    )
    expect(figures).toMatchObject({
      labelsAtService: 4,
      labelsOnFulfillments: 4,
      duplicates: 0,
      ordersWithoutLabel: 0,
      orphansUnreported: 0,
      fulfillmentsWithoutOrder: 0,
    })
    // At least one label was made while its buyer was dead: settled by the retry operation.
    const [{ n }] = await cluster.sql(
      `select count(*)::int as n from shipping_services_shipment where order_id = any($1) and jsonb_array_length(transaction_ids->'ids') = 1 and status = 'created'`,
      [orders.map((o) => o.id)]
    )
    expect(n).toBe(4)
  })

  it("an order canceled while its label's buyer was down: the label is voided automatically and listed for admins", async () => {
    for (const w of cluster.workers.filter((w) => w.running)) await w.stop()
    const victim = await cluster.start("worker", {
      name: "crash-orphan",
      env: { SHIPPING_SERVICES_CRASH_AT: "after-answer" },
    })
    const before = (await stats()).labelsCreated
    const [order] = await place(1, "orphan")
    await dead(victim)
    const { data } = await api
      .post(`/admin/orders/${order!.id}/cancel`, {}, admin)
      .catch((e: any) => ({ data: e.response?.data }))
    void data
    // The grace period (recovery.orphanGraceMinutes, 1 here) has passed: without waiting for it,
    // the purchase is dated two minutes back, so the restarted worker's first recovery pass
    // settles the label, fails to re-home it (the order is canceled) and voids it.
    await cluster.sql(
      `update shipping_services_shipment set created_at = created_at - interval '2 minutes' where order_id = $1`,
      [order!.id]
    )
    await replaceWorker(victim)
    const orphan = await waitFor(
      async () => {
        const [r] = await cluster.sql(
          `select id, status, void_reason, orphaned_at from shipping_services_shipment where order_id = $1 and status in ('created', 'voided')`,
          [order!.id]
        )
        return r?.status === "voided" ? r : undefined
      },
      "the orphan label voided",
      240_000,
      1_000
    )
    expect(orphan).toMatchObject({ status: "voided", void_reason: "orphan" })
    expect((await stats()).labelsCreated - before).toBe(1)
    const { data: listed } = await api.get(
      "/admin/shipping-services/orphans",
      admin
    )
    expect(
      listed.orphans.map((o: { id: string; status: string }) => [
        o.id,
        o.status,
      ])
    ).toContainEqual([orphan.id, "voided"])
    const { seen, left } = await halfMadeLeft()
    expect(left).toBe(0)
    report.push({
      trial: "orphan",
      labelsAtService: 1,
      orphansVoided: 1,
      orphansUnreported: 0,
      halfMadeSeen: seen,
      fulfillmentsWithoutOrder: left,
    })
  })

  it("killed in a round while an order edit waits for it: after a restart, the edit's items get their label once", async () => {
    // The last trial's replacement is killed this time (a boot less).
    const running = cluster.workers.filter((w) => w.running)
    for (const w of running.slice(1)) await w.stop()
    const victim =
      running[0] ?? (await cluster.start("worker", { name: "crash-change" }))
    // Medusa ships an item an exchange or edit adds only when its variant manages inventory.
    const stocked = await addStockedProduct(api, admin, store, {
      title: "Stocked mug",
      sku: "MUG-STOCKED",
      stock: { [store.locationId]: 10 },
    })
    const before = (await stats()).labelsCreated
    const [order] = await place(1, "change")
    const orderId = order!.id
    const rowOf = async () =>
      (
        await cluster.sql<{ status: string; next_attempt_at: Date | null }>(
          `select status, next_attempt_at from shipping_services_auto_fulfillment where order_id = $1`,
          [orderId]
        )
      )[0]
    await waitFor(
      async () => (await rowOf())?.status === "succeeded",
      "the order's first label",
      120_000,
      250
    )
    // An exchange whose purchase the service holds: the worker's round runs until the kill.
    const { data } = await api.get(
      `/admin/orders/${orderId}?fields=id,*items`,
      admin
    )
    const line = data.order.items[0] as { id: string }
    const exchangeId = await beginOneForOneExchange(
      api,
      admin,
      orderId,
      line.id,
      stocked,
      store.shippingOptions["postal-ground"]!
    )
    await cluster.sandbox.control("POST", "/faults", {
      operation: "createShipment",
      fault: "delay=120000",
      count: 1,
    })
    await requestChange(api, admin, "exchange", exchangeId)
    await waitFor(
      async () => (await stats()).createsInFlight > 0,
      "the exchange's purchase in flight",
      60_000,
      50
    )
    // An order edit confirmed meanwhile finds the round running: the order's row keeps it.
    await confirmAddingEdit(api, admin, orderId, [
      { variant_id: stocked, quantity: 1 },
    ])
    await waitFor(
      async () => (await rowOf())?.next_attempt_at ?? undefined,
      "the edit kept on the order's row",
      60_000,
      100
    )
    await victim.kill()
    // The service made the exchange's label while its buyer died.
    await cluster.sandbox.control("DELETE", "/faults")
    await replaceWorker(victim)
    // The dead round is recovered and plans every line left: nothing lost, nothing twice.
    const fulfilled = await waitFor(
      async () => {
        const row = await rowOf()
        if (row?.status !== "succeeded" || row.next_attempt_at) return undefined
        const lines = await cluster.sql<{
          quantity: number
          fulfilled: number
        }>(
          `select i.quantity::int as quantity, i.fulfilled_quantity::int as fulfilled
             from order_item i join "order" o on o.id = i.order_id and o.version = i.version
           where o.id = $1 and i.deleted_at is null`,
          [orderId]
        )
        return lines.every((l) => l.fulfilled === l.quantity)
          ? lines
          : undefined
      },
      "every line of the order fulfilled",
      240_000,
      1_000
    )
    expect(fulfilled.length).toBeGreaterThanOrEqual(3)
    const labels = await cluster.sql<{ n: number }>(
      `select count(*)::int as n from fulfillment_label l
         join fulfillment f on f.id = l.fulfillment_id and f.canceled_at is null and f.deleted_at is null
         join order_fulfillment o on o.fulfillment_id = f.id and o.deleted_at is null
       where o.order_id = $1 and l.deleted_at is null`,
      [orderId]
    )
    // A label the dead round's purchase made and the new plan did not use is an orphan once
    // recovery.orphanGraceMinutes (1 here) passed: dated back instead of waited for.
    await cluster.sql(
      `update shipping_services_shipment set created_at = created_at - interval '2 minutes' where order_id = $1 and attached_at is null`,
      [orderId]
    )
    const shipments = await waitFor(
      async () => {
        const rows = await cluster.sql<{
          status: string
          attached_at: Date | null
        }>(
          `select status, attached_at from shipping_services_shipment where order_id = $1 and deleted_at is null and status in ('created', 'voided')`,
          [orderId]
        )
        return rows.every((r) => r.status === "voided" || r.attached_at)
          ? rows
          : undefined
      },
      "each label on a fulfillment or voided",
      240_000,
      1_000
    )
    // Each label the service made is on a live fulfillment, or voided as an orphan.
    expect(shipments.filter((r) => r.status === "created").length).toBe(
      labels[0]!.n
    )
    expect((await stats()).labelsCreated - before).toBe(shipments.length)
    const { left } = await halfMadeLeft()
    expect(left).toBe(0)
    report.push({
      trial: "order edit waiting",
      labelsAtService: shipments.length,
      labelsOnFulfillments: labels[0]!.n,
      orphansVoided: shipments.filter((r) => r.status === "voided").length,
      fulfillmentsWithoutOrder: left,
    })
  })
})
