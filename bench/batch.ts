/**
 * A print batch of 100 orders (issue 13 figures). The app boots in this process (Medusa's own
 * loaders, as `medusa start` does); the sandbox runs in its own process, as the real service
 * would, answering each create after 300 ms. 100 orders are placed through the store API with
 * automatic fulfilment off (they wait on Ready to ship), then one batch of all of them is created
 * through the admin route and followed until its merged PDF is ready.
 * Prints: wall time from the request to the PDF against 1.3 × (100 × 0.3 s / 8) + 2 s, the part
 * spent merging the PDF (goal ≤ 1 s), peak creates in flight, labels created (no duplicates),
 * the PDF's pages and size, and memory during the print phase.
 *   npm run bench:batch   (~2 min, most of it placing the orders; BENCH_ORDERS, BENCH_LAYOUT)
 */
import express from "express"
import { databaseUrl, freshDatabase, sql } from "../dev/database"
import { medusa, root, startSandboxProcess } from "./lib"
import { fetchApi } from "../dev/seed/api"
import { ADDRESSES, placeOrder, setupStore } from "../dev/seed/store"
import { adminHeaders } from "../integration-tests/helpers/admin"
import { SHIPPING_SERVICES_MODULE } from "../src/options/resolve"

const DB = "medusa_shipping_services_bench_batch"
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100)
const LAYOUT = process.env.BENCH_LAYOUT ?? "4x6"
const LATENCY_MS = 300
const PORT = Number(process.env.BENCH_PORT ?? 9126)

async function main() {
  const sandbox = await startSandboxProcess()
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
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- Medusa's loaders have no typed entry; required after the database exists
  const loaders = require("@medusajs/medusa/loaders/index").default
  const { container, shutdown } = await loaders({
    directory: root,
    expressApp: app,
  })
  const server = app.listen(PORT)
  try {
    const options = container.resolve(SHIPPING_SERVICES_MODULE).getOptions()
    const concurrency = options.http.concurrency
    options.autoFulfill.enabled = false // the orders wait for an admin, as on Ready to ship

    const api = fetchApi(`http://localhost:${PORT}`)
    const admin = await adminHeaders(container)
    const store = await setupStore(api, admin)
    console.log(`placing ${ORDERS} orders through the store API`)
    const orders: string[] = []
    for (let i = 0; i < ORDERS; i += 8) {
      const placed = await Promise.all(
        Array.from({ length: Math.min(8, ORDERS - i) }, (_, j) =>
          placeOrder(api, store, {
            region: "us",
            address: ADDRESSES.newYork,
            optionId: "postal-ground",
            email: `shopper${i + j}@example.com`,
            items: [
              { variantId: store.products[(i + j) % 2].variantId, quantity: 1 },
            ],
          })
        )
      )
      orders.push(...placed.map((o) => o.id))
    }
    for (;;) {
      const [{ n }] = await sql(
        DB,
        `select count(*) as n from shipping_services_auto_fulfillment where status = 'manual'`
      )
      if (Number(n) >= ORDERS) break
      await new Promise((r) => setTimeout(r, 100))
    }

    await sandbox.control("POST", "/stats/reset", {})
    await sandbox.control("PUT", "/latency", {
      operation: "createShipment",
      ms: LATENCY_MS,
    })
    const cpu0 = process.cpuUsage()
    const t0 = Date.now()
    const { data } = await api.post(
      "/admin/shipping-services/batches",
      { order_ids: orders, layout: LAYOUT },
      admin
    )
    const accepted = Date.now() - t0
    const id = data.batch.id as string
    let printingAt = 0
    let rssBeforePrint = 0
    let peakRss = 0
    let batch: any
    for (;;) {
      const [row] = await sql(
        DB,
        `select status from shipping_services_batch where id = $1`,
        [id]
      )
      const rss = process.memoryUsage().rss
      if (row.status === "printing" && !printingAt) {
        printingAt = Date.now()
        rssBeforePrint = rss
      }
      if (printingAt) peakRss = Math.max(peakRss, rss)
      if (row.status === "done") {
        batch = (await api.get(`/admin/shipping-services/batches/${id}`, admin))
          .data.batch
        break
      }
      if (Date.now() - t0 > 300_000)
        throw new Error(`batch ${id} not done after 5 minutes`)
      await new Promise((r) => setTimeout(r, 20))
    }
    const doneAt = Date.now()
    const wall = (doneAt - t0) / 1000
    const merge = printingAt ? (doneAt - printingAt) / 1000 : NaN
    const cpu = process.cpuUsage(cpu0)
    const stats = await sandbox.control<{
      peakCreatesInFlight: number
      labelsCreated: number
    }>("GET", "/stats")
    const [{ shipments, distinct }] = await sql(
      DB,
      `select count(*) as shipments, count(distinct tracking_number) as distinct from shipping_services_shipment where status = 'created'`
    )
    const file = batch.files.find(
      (f: { kind: string }) => f.kind === "combined"
    )
    const bound = 1.3 * ((ORDERS * LATENCY_MS) / 1000 / concurrency) + 2
    console.log("")
    console.log(
      `orders ${ORDERS}, sandbox ${LATENCY_MS} ms per create (own process), concurrency ${concurrency}, layout ${LAYOUT} with packing slips`
    )
    console.log(
      `batch              ${batch.counts.done} done, ${batch.counts.failed} failed (request answered in ${accepted} ms)`
    )
    console.log(
      `labels + PDF       ${wall.toFixed(2)} s   (bound 1.3 × ${ORDERS} × ${LATENCY_MS / 1000} s / ${concurrency} + 2 s = ${bound.toFixed(2)} s) ${wall <= bound ? "OK" : "OVER"}`
    )
    console.log(
      `merging the PDF    ${merge.toFixed(2)} s   (goal ≤ 1 s; from the last label to the stored file, ${file?.pages} pages, ${Math.round((file?.size ?? 0) / 1024)} KB) ${merge <= 1 ? "OK" : "OVER"}`
    )
    console.log(
      `app CPU            ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s during the batch (this process, one thread for JavaScript)`
    )
    console.log(
      `memory, print      RSS ${Math.round(rssBeforePrint / 2 ** 20)} MB before, peak ${Math.round(peakRss / 2 ** 20)} MB while merging (+${Math.round((peakRss - rssBeforePrint) / 2 ** 20)} MB)`
    )
    console.log(
      `peak in flight     ${stats.peakCreatesInFlight} ${stats.peakCreatesInFlight <= concurrency ? "OK" : "OVER"}`
    )
    console.log(
      `labels created     ${stats.labelsCreated} at the sandbox; ${shipments} shipments, ${distinct} distinct tracking numbers; duplicates ${Number(shipments) - Number(distinct) + (stats.labelsCreated - ORDERS)}`
    )
    await new Promise((r) => setTimeout(r, 1500))
  } finally {
    server.close()
    await shutdown()
    sandbox.stop()
  }
  process.exit(0)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
