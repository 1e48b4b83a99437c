/**
 * Automatic fulfilment of a burst of 200 orders (issue 5 figures). The app boots in this
 * process (Medusa's own loaders, as `medusa start` does); the sandbox runs in its own process,
 * as the real service would, set to answer each create after 300 ms. 200 orders are placed
 * through the store API with automatic fulfilment paused, then `order.placed` is emitted for all
 * of them at once. BENCH_SANDBOX=inprocess runs the sandbox in this process instead (its
 * work then shares the app's thread, as in earlier runs of this bench).
 * Prints the wall time against 1.3 × (200 × 0.3 s / 8), the peak of creates in flight at the
 * sandbox (must stay ≤ 8) and the labels created (200, no duplicates).
 *   npm run bench:auto-fulfill   (~2 min, most of it placing the orders)
 */
import express from "express"
import { Modules } from "@medusajs/framework/utils"
import { databaseUrl, freshDatabase, sql } from "../dev/database"
import { medusa, root, startSandboxProcess, type SandboxProcess } from "./lib"
import { startSandbox } from "../src/sandbox"
import { sandboxControl } from "../dev/sandbox-control"
import { fetchApi } from "../dev/seed/api"
import { ADDRESSES, placeOrder, setupStore } from "../dev/seed/store"
import { adminHeaders } from "../integration-tests/helpers/admin"
import { SHIPPING_SERVICES_MODULE } from "../src/options/resolve"

const DB = "medusa_shipping_services_bench_auto"
const ORDERS = Number(process.env.BENCH_ORDERS ?? 200)
const LATENCY_MS = 300
const PORT = Number(process.env.BENCH_PORT ?? 9124)

/** Profiles the burst only (BENCH_PROFILE=1): a .cpuprofile for Chrome DevTools or speedscope. */
async function startProfile(): Promise<() => Promise<string>> {
  const inspector = await import("node:inspector")
  const { writeFileSync } = await import("node:fs")
  const session = new inspector.Session()
  session.connect()
  const post = (method: string, params?: object) => new Promise<any>((res, rej) => session.post(method, params ?? {}, (e, r) => (e ? rej(e) : res(r))))
  await post("Profiler.enable")
  await post("Profiler.start")
  return async () => {
    const { profile } = await post("Profiler.stop")
    const file = `${root}/bench/auto-fulfill.cpuprofile`
    writeFileSync(file, JSON.stringify(profile))
    return file
  }
}

/** The same control surface whether the sandbox runs in its own process or in this one. */
async function sandboxFor(inProcess: boolean): Promise<Pick<SandboxProcess, "baseUrl" | "control"> & { where: string; stop: () => Promise<void> }> {
  if (!inProcess) {
    const child = await startSandboxProcess()
    return { ...child, where: "own process", stop: async () => child.stop() }
  }
  const sandbox = await startSandbox({ port: 0, speed: 0 })
  return { baseUrl: sandbox.roots.baseUrl, control: sandboxControl(sandbox.url), where: "in this process", stop: () => sandbox.close() }
}

async function main() {
  const sandbox = await sandboxFor(process.env.BENCH_SANDBOX === "inprocess")
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl(DB),
    PORT: String(PORT),
    LOG_LEVEL: "error",
    MEDUSA_DISABLE_TELEMETRY: "true",
    MEDUSA_ADMIN_DISABLE: "true",
    SHIPPING_SERVICES_BASE_URL: sandbox.baseUrl,
    SHIPPING_SERVICES_PUBLIC_URL: `http://localhost:${PORT}`,
  })
  console.log(`database ${DB}: creating and migrating`)
  await freshDatabase(DB)
  await medusa(["db:migrate"], process.env)

  const app = express()
  const loaders = require("@medusajs/medusa/loaders/index").default
  const { container, shutdown } = await loaders({ directory: root, expressApp: app })
  const server = app.listen(PORT)
  try {
    const options = container.resolve(SHIPPING_SERVICES_MODULE).getOptions()
    const concurrency = options.http.concurrency
    options.autoFulfill.enabled = false // paused while the orders are placed

    const api = fetchApi(`http://localhost:${PORT}`)
    const store = await setupStore(api, await adminHeaders(container))
    console.log(`placing ${ORDERS} orders through the store API`)
    const orders: string[] = []
    for (let i = 0; i < ORDERS; i += 8) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(8, ORDERS - i) }, (_, j) =>
          placeOrder(api, store, {
            region: "us",
            address: ADDRESSES.newYork,
            optionId: "postal-ground",
            email: `shopper${i + j}@example.com`,
            items: [{ variantId: store.products[(i + j) % 2].variantId, quantity: 1 }],
          })
        )
      )
      orders.push(...batch.map((o) => o.id))
    }

    await sandbox.control("POST", "/stats/reset", {})
    await sandbox.control("PUT", "/latency", { operation: "createShipment", ms: LATENCY_MS })
    options.autoFulfill.enabled = true
    const bus = container.resolve(Modules.EVENT_BUS)
    const profile = process.env.BENCH_PROFILE ? await startProfile() : undefined
    const cpu0 = process.cpuUsage()
    const t0 = Date.now()
    await bus.emit(orders.map((id) => ({ name: "order.placed", data: { id } })))
    for (;;) {
      const [{ done, failed }] = await sql(DB, `select count(*) filter (where status in ('succeeded','failed','skipped')) as done, count(*) filter (where status = 'failed') as failed from shipping_services_auto_fulfillment`)
      if (Number(done) >= ORDERS) {
        if (Number(failed)) console.log(`${failed} automatic fulfilments failed`)
        break
      }
      if (Date.now() - t0 > 300_000) throw new Error(`only ${done} of ${ORDERS} fulfilled after 5 minutes`)
      await new Promise((r) => setTimeout(r, 50))
    }
    const wall = (Date.now() - t0) / 1000
    const cpu = process.cpuUsage(cpu0)
    if (profile) console.log(`CPU profile of the burst: ${await profile()}`)
    const stats = await sandbox.control<{ peakCreatesInFlight: number; labelsCreated: number }>("GET", "/stats")
    const [{ shipments, distinct }] = await sql(DB, `select count(*) as shipments, count(distinct tracking_number) as distinct from shipping_services_shipment where status = 'created'`)
    const [{ fulfillments }] = await sql(DB, `select count(*) as fulfillments from fulfillment where canceled_at is null`)
    const bound = 1.3 * ((ORDERS * LATENCY_MS) / 1000 / concurrency)
    console.log("")
    console.log(`orders ${ORDERS}, sandbox ${LATENCY_MS} ms per create (${sandbox.where}), concurrency ${concurrency}`)
    console.log(`wall time          ${wall.toFixed(2)} s   (bound 1.3 × ${ORDERS} × ${LATENCY_MS / 1000} s / ${concurrency} = ${bound.toFixed(2)} s) ${wall <= bound ? "OK" : "OVER"}`)
    console.log(`app CPU            ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s during the burst (this process, one thread for JavaScript)`)
    console.log(`peak in flight     ${stats.peakCreatesInFlight} ${stats.peakCreatesInFlight <= concurrency ? "OK" : "OVER"}`)
    console.log(`labels created     ${stats.labelsCreated} at the sandbox; ${shipments} shipments, ${distinct} distinct tracking numbers, ${fulfillments} fulfillments`)
    console.log(`duplicates         ${Number(shipments) - Number(distinct) + (stats.labelsCreated - ORDERS)}`)
    // Let the label-storing subscribers finish before shutting down.
    await new Promise((r) => setTimeout(r, 3000))
  } finally {
    server.close()
    await shutdown()
    await sandbox.stop()
  }
  process.exit(0)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
