/**
 * The plugin on Medusa's production topology (docs/production.md): one `server` process and two
 * `worker` processes of the development app, sharing PostgreSQL and Redis (event bus, workflow
 * engine, locks, cache), the sandbox as the shipping service in its own process
 * (dev/cluster.ts). One boot of the cluster serves every check, in order:
 *  1. the tracking webhook registered at start-up once for the cluster (three processes race);
 *  2. HTTP on the server only, subscribers and jobs on the workers only;
 *  3. 50 orders placed through the server, each `order.placed` delivered twice (a second copy put
 *     on the bus at once, so two workers race for it): 50 labels, no duplicate, bought by both
 *     workers, never more than http.concurrency creates in flight per process;
 *  4. every tracking event of the 50 parcels delivered twice by the sandbox to the server:
 *     acknowledged by the server, applied by the workers, once (shipped once, delivered once);
 *  5. a job left with no next tick runs again; the polling job (ticking every 5 s here) and the
 *     recovery jobs ran once per tick across the cluster;
 *  6. a worker killed mid-purchase (SIGKILL) while the other runs: one label per order after its restart.
 * Logs of every process: .test-results/cluster/cluster-test/.
 */
import { LEAN_GC, prepareCluster, type Cluster } from "../../dev/cluster"
import { TEMPLATE_ADMIN } from "../../dev/cluster-template"
import { fetchApi, type Api } from "../../dev/seed/api"
import {
  ADDRESSES,
  placeOrder,
  setupStore,
  type StoreSetup,
} from "../../dev/seed/store"
import { waitFor } from "../../dev/wait"
import { appPluginOptions } from "../../dev/app-options"
import { parsePluginOptions } from "../../src/options/parse"
import type { StatsSnapshot } from "../../packages/sandbox/src/stats"
import { sandboxClient } from "../helpers/webhooks"

jest.setTimeout(10 * 60_000)

const ORDERS = 50
const POLL_EVERY_S = 5
// The recovery jobs every 2 s (recovery.schedule) and leases of 5 s, as in crash-recovery.spec:
// the killed worker's leased work is free to take over seconds after the kill. (The kill test
// took 11–13 s alone on 2026-11-26 and 38–64 s in some group runs: it prints when each of its
// steps ended, which showed the wait — an order.placed the dead worker held before its claim,
// handed on only by BullMQ's stall check; see DEV_EVENT_BUS_LOCK_MS below.)
const RECOVER_EVERY_S = 2
// The admin user of the migrated template each file copies (dev/cluster-template.ts).
const ADMIN = TEMPLATE_ADMIN
const HOOK_PATH = "/hooks/shipping-services/tracking"
const concurrency = parsePluginOptions(appPluginOptions({})).http.concurrency

let cluster: Cluster
let api: Api
let admin: { headers: Record<string, string> }
let store: StoreSetup
const orderIds: string[] = []

const stats = () => cluster.sandbox.control<StatsSnapshot>("GET", "/stats")
const logsOf = (mode: "server" | "worker") =>
  cluster.processes.filter((p) => p.mode === mode).map((p) => p.log())

/** A job's runs on every process, in order: when, where, and the tick it was queued for. */
const jobRuns = (job: string) =>
  cluster.processes
    .flatMap((p) =>
      [
        ...p
          .log()
          .matchAll(
            new RegExp(
              `job shipping-services-${job} ran at (\\S+) on (\\S+) \\(scheduled for (\\S+)\\)`,
              "g"
            )
          ),
      ].map((m) => ({ at: Date.parse(m[1]!), where: m[2]!, queued: m[3]! }))
    )
    .sort((a, b) => a.at - b.at)

beforeAll(async () => {
  cluster = await prepareCluster({
    name: "cluster-test",
    admin: ADMIN,
    template: true,
    nodeArgs: LEAN_GC,
    // Debug: the plugin's job-run lines (src/orchestration/jobs/job-runs.ts) are at debug level.
    env: {
      LOG_LEVEL: "debug",
      SHIPPING_SERVICES_POLL_SCHEDULE: `*/${POLL_EVERY_S} * * * * *`,
      SHIPPING_SERVICES_RECOVERY_SCHEDULE: `*/${RECOVER_EVERY_S} * * * * *`,
      SHIPPING_SERVICES_LEASE_SECONDS: "5",
      // Events a killed worker held go to the other one after 6–9 s, not up to a minute
      // (medusa-config.ts): what the kill test waited for in CI (48 s of its 56 s).
      DEV_EVENT_BUS_LOCK_MS: "6000",
    },
  })
})

afterAll(async () => {
  await cluster?.stop()
})

describe("server + 2 workers on Redis", () => {
  it("register the tracking webhook at start-up once for the whole cluster (locks in Redis)", async () => {
    // A template copy starts unregistered; forgotten on both sides all the same, so that every
    // process's start-up reconcile finds nothing and wants to create it; a slow service widens
    // the race.
    const client = sandboxClient(cluster.sandbox.baseUrl)
    const url = `${cluster.url}${HOOK_PATH}`
    for (const c of await client.listWebhookConfigs())
      if (c.url === url) await client.deleteWebhookConfig(c.webHookConfigID!)
    await cluster.sql("delete from shipping_services_webhook_registration")
    await cluster.sandbox.control("PUT", "/latency", {
      operation: "listWebhookConfigs",
      ms: 1_000,
    })
    await cluster.sandbox.control("PUT", "/latency", {
      operation: "createWebhookConfig",
      ms: 1_000,
    })
    await cluster.sandbox.control("POST", "/stats/reset", {})

    await cluster.startAll(["server", "worker", "worker"])
    // Each start-up reconcile lists the configurations once (under the lock, one after another).
    await waitFor(
      async () => ((await stats()).requests.listWebhookConfigs ?? 0) >= 3,
      "the three start-up reconciles",
      90_000,
      250
    )
    await cluster.sandbox.control("PUT", "/latency", {
      operation: "listWebhookConfigs",
      ms: 0,
    })
    await cluster.sandbox.control("PUT", "/latency", {
      operation: "createWebhookConfig",
      ms: 0,
    })

    const { requests } = await stats()
    const ours = (await client.listWebhookConfigs()).filter(
      (c) => c.url === url
    )
    expect({
      creates: requests.createWebhookConfig,
      configs: ours.length,
      status: ours[0]?.status,
    }).toEqual({ creates: 1, configs: 1, status: "active" })
    const rows = await cluster.sql(
      "select config_id, status from shipping_services_webhook_registration where deleted_at is null"
    )
    expect(rows).toEqual([
      { config_id: ours[0]!.webHookConfigID, status: "active" },
    ])
  })

  it("HTTP on the server only; subscribers and scheduled jobs on the workers only", async () => {
    const [server] = cluster.servers
    for (const p of cluster.processes)
      expect((await fetch(`${p.url}/health`)).status).toBe(200)
    for (const w of cluster.workers)
      expect((await fetch(`${w.url}/store/products`)).status).toBe(404)
    expect((await fetch(`${server!.url}/store/products`)).status).toBe(400) // no publishable key: routes exist

    // Every process knows the subscribers (an emit only queues events that have some), only
    // workers consume the queue (their "Processing <event>" lines, checked below) and run jobs.
    const [serverLog] = logsOf("server")
    expect(serverLog).not.toContain("Registering job from")
    for (const log of logsOf("worker"))
      expect(log).toContain(
        `Registering job from ${process.cwd()}/src/jobs/poll-tracking.ts`
      )

    api = fetchApi(cluster.url)
    const { data: login } = await api.post("/auth/user/emailpass", ADMIN)
    admin = { headers: { authorization: `Bearer ${login.token}` } }
    store = await setupStore(api, admin)
  })

  it(`${ORDERS} orders, each order.placed delivered twice: ${ORDERS} labels, no duplicate, bought by both workers`, async () => {
    await cluster.sandbox.control("PUT", "/latency", {
      operation: "createShipment",
      ms: 150,
    })
    await cluster.sandbox.control("POST", "/stats/reset", {})
    for (let i = 0; i < ORDERS; i += 5) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(5, ORDERS - i) }, (_, j) =>
          placeOrder(api, store, {
            region: "us",
            address: ADDRESSES.newYork,
            optionId: "postal-ground",
            email: `cluster${i + j}@example.com`,
            items: [
              {
                variantId: store.products[(i + j) % 2]!.variantId,
                quantity: 1,
              },
            ],
          })
        )
      )
      orderIds.push(...batch.map((o) => o.id))
      // The same events once more, right away: two workers take the two copies at the same time.
      await cluster.emit(
        batch.map((o) => ({ name: "order.placed", data: { id: o.id } }))
      )
    }

    await waitFor(
      async () => {
        const [{ n }] = await cluster.sql(
          `select count(*)::int as n from shipping_services_auto_fulfillment where status = 'succeeded'`
        )
        return n >= ORDERS
      },
      `${ORDERS} automatic fulfillments`,
      240_000,
      500
    )
    // Let late duplicates (a second copy still running) finish before counting.
    await waitFor(
      async () => (await stats()).createsInFlight === 0,
      "no create in flight",
      30_000,
      200
    )
    await cluster.sandbox.control("PUT", "/latency", {
      operation: "createShipment",
      ms: 0,
    })

    const s = await stats()
    const [shipments] = await cluster.sql(
      `select count(*)::int as created, count(distinct tracking_number)::int as distinct_numbers, count(distinct order_id)::int as orders from shipping_services_shipment where status = 'created' and not is_return`
    )
    const [fulfillments] = await cluster.sql(
      `select count(*)::int as alive, count(distinct o.order_id)::int as orders from fulfillment f join order_fulfillment o on o.fulfillment_id = f.id where f.canceled_at is null and f.deleted_at is null`
    )
    const [autoRows] = await cluster.sql(
      `select count(*)::int as rows, count(distinct order_id)::int as orders from shipping_services_auto_fulfillment`
    )
    expect({
      labelsAtService: s.labelsCreated,
      duplicateTransactionIds: s.duplicatesRefused,
      shipments,
      fulfillments,
      autoRows,
    }).toEqual({
      labelsAtService: ORDERS,
      duplicateTransactionIds: 0,
      shipments: { created: ORDERS, distinct_numbers: ORDERS, orders: ORDERS },
      fulfillments: { alive: ORDERS, orders: ORDERS },
      autoRows: { rows: ORDERS, orders: ORDERS },
    })

    // One access token per process: two clients bought labels, each within the per-process bound.
    const buyers = s.clients.filter((c) => c.created > 0)
    expect(buyers).toHaveLength(2)
    expect(buyers.reduce((n, c) => n + c.created, 0)).toBe(ORDERS)
    for (const c of buyers)
      expect(c.peakCreatesInFlight).toBeLessThanOrEqual(concurrency)
    // Both copies of every order.placed were processed, on both workers.
    const processed = logsOf("worker").map(
      (log) => (log.match(/Processing order\.placed/g) ?? []).length
    )
    expect(processed.every((n) => n > 0)).toBe(true)
    expect(processed.reduce((a, b) => a + b, 0)).toBe(2 * ORDERS)
  })

  it("tracking webhooks, each delivered twice to the server, are applied once by the workers", async () => {
    // Label-created events went out (once each) while the labels were bought; from now on twice.
    const before = await cluster.sandbox.control<{ seq: number }[]>(
      "GET",
      "/webhooks/log"
    )
    const since = before.length ? before[before.length - 1]!.seq : 0
    await cluster.sandbox.control("PUT", "/webhooks", { mode: "duplicate" })
    await cluster.sandbox.control("POST", "/clock/advance", { until: "done" })
    expect(
      await cluster.sandbox.control("POST", "/webhooks/settle", {
        timeoutMs: 240_000,
      })
    ).toEqual({ settled: true })

    await waitFor(
      async () => {
        const [{ n }] = await cluster.sql(
          `select count(*)::int as n from fulfillment f join order_fulfillment o on o.fulfillment_id = f.id where o.order_id = any($1) and f.shipped_at is not null and f.delivered_at is not null`,
          [orderIds]
        )
        return n >= ORDERS
      },
      `${ORDERS} fulfillments shipped and delivered`,
      240_000,
      500
    )
    await waitFor(
      async () => {
        const [{ n }] = await cluster.sql(
          `select count(*)::int as n from shipping_services_tracking_event where processed_at is null and deleted_at is null`
        )
        return n === 0
      },
      "every tracking event applied",
      120_000,
      500
    )

    type Delivery = {
      seq: number
      url: string
      outcome: string
      payload: { eventId?: string }[]
    }
    const log = await cluster.sandbox.control<Delivery[]>(
      "GET",
      "/webhooks/log"
    )
    const delivered = log.filter((e) => e.outcome === "delivered")
    expect(new Set(log.map((e) => e.url))).toEqual(
      new Set([`${cluster.url}${HOOK_PATH}`])
    )
    expect(log.filter((e) => e.outcome === "failed")).toEqual([])
    const ids = (entries: Delivery[]) =>
      new Set(entries.flatMap((e) => e.payload.map((n) => n.eventId)))
    // Since the switch every notification came twice, and each was stored once.
    const twice = delivered.filter((e) => e.seq > since)
    expect(ids(twice).size).toBeGreaterThan(2 * ORDERS)
    expect(twice.length).toBeGreaterThanOrEqual(2 * ids(twice).size)
    const [events] = await cluster.sql(
      `select count(*)::int as rows, count(distinct dedupe_key)::int as keys from shipping_services_tracking_event where deleted_at is null and source = 'webhook'`
    )
    expect(events).toEqual({
      rows: ids(delivered).size,
      keys: ids(delivered).size,
    })

    // Shipped once and delivered once per order: Medusa refuses a second delivery, which the
    // plugin would log; and the status is delivered.
    for (const l of [...logsOf("worker"), ...logsOf("server")])
      expect(l).not.toMatch(/could not mark \S+ (shipped|delivered)/)
    const { data } = await api.get(
      `/admin/orders?id[]=${orderIds.join("&id[]=")}&fields=id,fulfillment_status&limit=${ORDERS}`,
      admin
    )
    expect(
      new Set(
        data.orders.map(
          (o: { fulfillment_status: string }) => o.fulfillment_status
        )
      )
    ).toEqual(new Set(["delivered"]))

    // Acknowledged on the server, applied on the workers.
    const [serverLog] = logsOf("server")
    expect(serverLog).not.toMatch(
      /Processing (shipping-services\.tracking\.stored|order\.placed)/
    )
    expect(
      logsOf("worker").some((l) =>
        l.includes("Processing shipping-services.tracking.stored")
      )
    ).toBe(true)
  })

  it("a job left with no next tick runs again within the schedule keeper's bound", async () => {
    // What a worker starting during one of its ticks can leave: the schedule, no tick queued.
    await waitFor(
      () =>
        cluster.dropNextTick("job-shipping-services-recover-interrupted-work"),
      "the recovery job's next tick, to drop it",
      10_000,
      50
    )
    const droppedAt = Date.now()
    const boundS = 2 * RECOVER_EVERY_S + 30 + 15 + 5
    await waitFor(
      async () =>
        jobRuns("recover-interrupted-work").some((r) => r.at > droppedAt),
      "the recovery job's next run",
      boundS * 1000,
      500
    )
    expect(
      logsOf("worker").some((l) =>
        /recover-interrupted-work did not run for longer than their schedule allows: registered their schedules/.test(
          l
        )
      )
    ).toBe(true)
  })

  it(`the polling and recovery jobs ran once per tick across the cluster (polling every ${POLL_EVERY_S} s), none left without ticks`, async () => {
    // The jobs on recovery.schedule, once per tick too; and no job of the plugin goes without a run
    // for longer than the schedule keeper allows (two intervals and 30 s, found within a 15 s
    // check): a worker that starts while another runs a tick can leave that job with no next
    // tick (seen in CI: the recovery job ran once, at the second worker's start, and never again).
    const fast = [
      ["recover-interrupted-work", RECOVER_EVERY_S],
      ["retry-auto-fulfillments", RECOVER_EVERY_S],
      ["resume-print-batches", RECOVER_EVERY_S],
      ["poll-tracking", POLL_EVERY_S],
    ] as const
    // (a job that lost its schedule at the second worker's start runs again within the bound)
    await waitFor(
      async () => fast.every(([job]) => jobRuns(job).length > 5),
      "six runs of each job",
      120_000,
      1_000
    )
    const runs = jobRuns("poll-tracking")
    // Only workers run jobs (whichever takes the tick).
    expect(
      cluster.servers.every(
        (s) => !s.log().includes("job shipping-services-poll-tracking ran")
      )
    ).toBe(true)
    // Once per tick: no tick's job ran twice, and there are no more runs than ticks in the window.
    expect(new Set(runs.map((r) => r.queued)).size).toBe(runs.length)
    const windowS = (runs[runs.length - 1]!.at - runs[0]!.at) / 1000
    // (runs start within a few ms of their tick: the window between the first and the last is a
    // whole number of intervals)
    expect(runs.length).toBeLessThanOrEqual(
      Math.round(windowS / POLL_EVERY_S) + 1
    )

    const now = Date.now()
    for (const [job, everyS] of fast) {
      const ticks = jobRuns(job)
      expect(ticks.length).toBeGreaterThan(5)
      expect(new Set(ticks.map((t) => t.queued)).size).toBe(ticks.length)
      const times = [...ticks.map((t) => t.at), now]
      const longestGapS = Math.max(
        ...times.slice(1).map((t, i) => (t - times[i]!) / 1000)
      )
      const boundS = 2 * everyS + 30 + 15 + 5
      if (longestGapS > boundS)
        throw new Error(
          `${job} did not run for ${longestGapS} s (at most ${boundS} s)`
        )
    }
  })

  /**
   * A worker killed (SIGKILL) while it waits for the service to answer label creates, the other
   * worker still running: after its restart, every order has exactly one label, at the service as
   * on Medusa's fulfillments (interrupted purchases are settled with the retry operation once the
   * dead process's leases run out: docs/crash-safety.md; the single-worker crash points are in
   * crash-recovery.spec.ts).
   */
  it("a worker killed mid-purchase: one label per order after its restart", async () => {
    const CRASH_ORDERS = 10
    const t0 = Date.now()
    const step = (what: string) =>
      console.log(
        `[kill test +${((Date.now() - t0) / 1000).toFixed(1)}s] ${what}`
      )
    await cluster.sandbox.control("PUT", "/latency", {
      operation: "createShipment",
      ms: 3_000,
    })
    await cluster.sandbox.control("POST", "/stats/reset", {})
    const placed = await Promise.all(
      Array.from({ length: CRASH_ORDERS }, (_, i) =>
        placeOrder(api, store, {
          region: "us",
          address: ADDRESSES.newYork,
          optionId: "postal-ground",
          email: `crash${i}@example.com`,
          items: [{ variantId: store.products[0]!.variantId, quantity: 1 }],
        })
      )
    )
    step(`${CRASH_ORDERS} orders placed`)
    const victim = cluster.workers[0]!
    await waitFor(
      async () => (await stats()).createsInFlight > 0,
      "label creates in flight",
      60_000,
      100
    )
    await victim.kill()
    step(
      `${victim.name} killed with ${(await stats()).createsInFlight} creates in flight`
    )
    await cluster.sandbox.control("PUT", "/latency", {
      operation: "createShipment",
      ms: 0,
    })
    await victim.restart()
    step(`${victim.name} started again`)
    const ids = placed.map((o) => o.id)
    await waitFor(
      async () => {
        const [{ n }] = await cluster.sql(
          `select count(*)::int as n from shipping_services_auto_fulfillment where status = 'succeeded' and order_id = any($1)`,
          [ids]
        )
        return n >= CRASH_ORDERS
      },
      "every order fulfilled after the crash",
      180_000,
      1_000
    )
    step("every order fulfilled")
    const [row] = await cluster.sql(
      `select count(*)::int as created, count(distinct order_id)::int as orders from shipping_services_shipment where status = 'created' and order_id = any($1)`,
      [ids]
    )
    const [alive] = await cluster.sql(
      `select count(*)::int as n from fulfillment f join order_fulfillment o on o.fulfillment_id = f.id where o.order_id = any($1) and f.canceled_at is null and f.deleted_at is null`,
      [ids]
    )
    expect({
      ...row,
      fulfillments: alive.n,
      atService: (await stats()).labelsCreated,
    }).toEqual({
      created: CRASH_ORDERS,
      orders: CRASH_ORDERS,
      fulfillments: CRASH_ORDERS,
      atService: CRASH_ORDERS,
    })
  })
})
