/**
 * What checkout's dry run adds to a shopper's checkout: 200 carts choose a flat option
 * of this plugin and complete, and 200 choose Medusa's manual provider's flat option (same zone,
 * price, items and address) and complete, interleaved one by one so both see the same machine.
 * Prints per call (add shipping method, complete the cart) the median and p99 of each and their
 * ratio; the goal is ≤ 1.10 ×.
 *
 *   npm run bench:checkout            one process (Medusa's loaders, as `medusa start` does)
 *
 * Then a calculated option of this plugin at the service's latency (300 and 800 ms per rates call),
 * beside the same checkout with Medusa's manual provider (flat): the shopper's whole checkout
 * (list the options, price the calculated one, add it, pay, complete), interleaved, each cart a
 * new cart state (its own address: a quote is kept per cart state). Prints the median and p99 of
 * both, the difference, and the rates calls per checkout; the goal is calculated ≤ manual + one
 * rates round trip, at p50 and p99 (one rates call per parcel per cart state).
 *
 * Automatic fulfillment is off, so the orders buy no labels while the timings run: what is measured
 * is checkout only. BENCH_CARTS changes the count (BENCH_CALCULATED_CARTS the calculated runs').
 *
 *   BENCH_WAREHOUSES=2 npm run bench:checkout   the same with two stock locations in the sales
 *   channel (Shelton CT, Austin TX) and products with managed inventory, one stocked in each:
 *   checkout predicts each cart's warehouse from the stock (one read per cart state,
 *   docs/fulfillment.md "Several warehouses: checkout"); the manual provider's carts hold the same
 *   managed products.
 */
import { appInThisProcess } from "./lib"
import type { SandboxControl } from "../dev/sandbox-control"
import { addManualOption } from "./baseline"
import type { Api } from "../dev/seed/api"
import {
  addLocation,
  addProduct,
  ADDRESSES,
  AUSTIN_WAREHOUSE_ADDRESS,
  CATALOG,
  payAndComplete,
  paymentSession,
  setupStore,
  type StoreSetup,
} from "../dev/seed/store"

const DB = "medusa_shipping_services_bench_checkout"
const CARTS = Number(process.env.BENCH_CARTS ?? 200)
const CALCULATED_CARTS = Number(process.env.BENCH_CALCULATED_CARTS ?? 40)
const RATES_LATENCIES_MS = [300, 800]
const PORT = Number(process.env.BENCH_PORT ?? 9125)
const WAREHOUSES = Number(process.env.BENCH_WAREHOUSES ?? 1)

type Timing = { addShippingMethod: number; complete: number }

/** One checkout; the two timed calls in ms. */
async function checkout(
  api: Api,
  store: StoreSetup,
  optionId: string,
  i: number
): Promise<Timing> {
  const pk = { headers: { "x-publishable-api-key": store.publishableKey } }
  const email = `bench${i}@example.com`
  const { data: c } = await api.post(
    "/store/carts",
    {
      region_id: store.regions.us,
      sales_channel_id: store.salesChannelId,
      email,
    },
    pk
  )
  const cartId = c.cart.id
  await api.post(
    `/store/carts/${cartId}/line-items`,
    { variant_id: store.products[i % 2].variantId, quantity: 1 + (i % 3) },
    pk
  )
  await api.post(
    `/store/carts/${cartId}`,
    { shipping_address: ADDRESSES.newYork, email },
    pk
  )
  const t0 = performance.now()
  await api.post(
    `/store/carts/${cartId}/shipping-methods`,
    { option_id: optionId },
    pk
  )
  const addShippingMethod = performance.now() - t0
  await paymentSession(api, cartId, pk)
  const t1 = performance.now()
  const { data: done } = await api.post(
    `/store/carts/${cartId}/complete`,
    {},
    pk
  )
  const complete = performance.now() - t1
  if (done.type !== "order") throw new Error(`cart ${cartId} not completed`)
  return { addShippingMethod, complete }
}

/**
 * A shopper's whole checkout, timed from listing the options to the order: list, price the option
 * when it is calculated, add it, pay, complete. Each cart ships to its own postal code, so each is
 * a cart state of its own (the plugin keeps a quote per cart state).
 */
async function wholeCheckout(
  api: Api,
  store: StoreSetup,
  optionId: string,
  calculated: boolean,
  i: number
): Promise<number> {
  const pk = { headers: { "x-publishable-api-key": store.publishableKey } }
  const address = {
    ...ADDRESSES.newYork,
    postal_code: String(10001 + (i % 9000)).padStart(5, "0"),
  }
  const { data: c } = await api.post(
    "/store/carts",
    {
      region_id: store.regions.us,
      sales_channel_id: store.salesChannelId,
      email: `whole${i}@example.com`,
      items: [{ variant_id: store.products[i % 2].variantId, quantity: 1 }],
      shipping_address: address,
      billing_address: address,
    },
    pk
  )
  const cartId = c.cart.id
  const t0 = performance.now()
  await api.get(`/store/shipping-options?cart_id=${cartId}`, pk)
  if (calculated)
    await api.post(
      `/store/shipping-options/${optionId}/calculate`,
      { cart_id: cartId },
      pk
    )
  await api.post(
    `/store/carts/${cartId}/shipping-methods`,
    { option_id: optionId },
    pk
  )
  await payAndComplete(api, cartId, pk)
  return performance.now() - t0
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}

function line(name: string, ours: number[], manual: number[]) {
  const row = (q: number, label: string) => {
    const a = quantile(ours, q)
    const b = quantile(manual, q)
    return `${label} ${a.toFixed(1).padStart(7)} ms  manual ${b.toFixed(1).padStart(7)} ms  ratio ${(a / b).toFixed(2)}`
  }
  console.log(`${name.padEnd(20)} ${row(0.5, "median")}`)
  console.log(`${"".padEnd(20)} ${row(0.99, "p99   ")}`)
}

/** The calculated option at each latency, beside the manual provider's flat checkout. */
async function calculatedRuns(
  api: Api,
  store: StoreSetup,
  manual: string,
  sandbox: { control: SandboxControl }
) {
  const calculated = store.shippingOptions["postal-priority"]
  const rates = async () =>
    (
      await sandbox.control<{ requests: Record<string, number> }>(
        "GET",
        "/stats"
      )
    ).requests.rates ?? 0
  for (const ms of RATES_LATENCIES_MS) {
    await sandbox.control("PUT", "/latency", { operation: "rates", ms })
    const times = { ours: [] as number[], manual: [] as number[] }
    const calls: number[] = []
    for (let i = 0; i < CALCULATED_CARTS; i++) {
      const n = ms * 100 + i
      const manualFirst = i % 2 === 0
      if (manualFirst)
        times.manual.push(await wholeCheckout(api, store, manual, false, n))
      const before = await rates()
      times.ours.push(await wholeCheckout(api, store, calculated, true, n))
      calls.push((await rates()) - before)
      if (!manualFirst)
        times.manual.push(await wholeCheckout(api, store, manual, false, n))
    }
    console.log("")
    console.log(
      `calculated checkout at ${ms} ms per rates call: ${CALCULATED_CARTS} carts each, the whole checkout (list, price, add, pay, complete); goal ours ≤ manual + one rates round trip`
    )
    for (const [label, q] of [
      ["median", 0.5],
      ["p99   ", 0.99],
    ] as const) {
      const a = quantile(times.ours, q)
      const b = quantile(times.manual, q)
      console.log(
        `  ${label} calculated ${a.toFixed(0).padStart(6)} ms  manual (flat) ${b.toFixed(0).padStart(6)} ms  difference ${(a - b).toFixed(0).padStart(5)} ms  (one rates round trip: ${ms} ms + its HTTP)  ratio ${(a / b).toFixed(2)}`
      )
    }
    const total = calls.reduce((x, y) => x + y, 0)
    console.log(
      `  rates calls per checkout: ${(total / calls.length).toFixed(2)} (min ${Math.min(...calls)}, max ${Math.max(...calls)}); one parcel each`
    )
  }
  await sandbox.control("PUT", "/latency", { operation: "rates", ms: 0 })
}

/**
 * A second stock location in the store's sales channel, and the carts' two products replaced by
 * ones with managed inventory: the first stocked in Shelton only, the second in Austin only.
 */
async function secondWarehouse(
  api: Api,
  admin: { headers: Record<string, string> },
  store: StoreSetup
) {
  const austin = await addLocation(api, admin, store, {
    name: "Austin warehouse",
    address: AUSTIN_WAREHOUSE_ADDRESS,
  })
  const plenty = 1_000_000
  store.products = [
    await addProduct(
      api,
      admin,
      store,
      { ...CATALOG[0]!, handle: "shirt-shelton", sku: "SHIRT-SHELTON" },
      { [store.locationId]: plenty }
    ),
    await addProduct(
      api,
      admin,
      store,
      { ...CATALOG[1]!, handle: "mug-austin", sku: "MUG-AUSTIN" },
      { [austin]: plenty }
    ),
  ]
}

async function main() {
  const { api, admin, close, sandbox } = await appInThisProcess({
    db: DB,
    port: PORT,
    env: {
      SHIPPING_SERVICES_OPTIONS_PATCH: JSON.stringify({
        autoFulfill: { enabled: false },
      }),
    },
  })
  try {
    // Postal Priority calculated (the calculated runs); Postal Ground flat (the flat comparison).
    const store = await setupStore(api, admin, {
      priceTypes: { "postal-priority": "calculated" },
    })
    if (WAREHOUSES > 1) await secondWarehouse(api, admin, store)
    const manual = await addManualOption(api, admin, store)
    const ours = store.shippingOptions["postal-ground"]
    // Warm-up: the first calls load code and fill caches on both paths.
    for (let i = 0; i < 10; i++) {
      await checkout(api, store, ours, i)
      await checkout(api, store, manual, i)
    }
    const timings = { ours: [] as Timing[], manual: [] as Timing[] }
    console.log(`timing ${CARTS} checkouts on each provider, interleaved`)
    for (let i = 0; i < CARTS; i++) {
      // Alternate which goes first, so neither always follows the other's background work.
      const pair =
        i % 2
          ? [
              ["ours", ours],
              ["manual", manual],
            ]
          : [
              ["manual", manual],
              ["ours", ours],
            ]
      for (const [which, option] of pair as ["ours" | "manual", string][]) {
        timings[which].push(await checkout(api, store, option, i))
      }
    }
    console.log("")
    console.log(
      `checkout: ${CARTS} carts per provider, flat option, 1–3 units, one process, ${WAREHOUSES > 1 ? "two warehouses (managed inventory)" : "one warehouse"}; goal ratio ≤ 1.10`
    )
    line(
      "add shipping method",
      timings.ours.map((t) => t.addShippingMethod),
      timings.manual.map((t) => t.addShippingMethod)
    )
    line(
      "complete the cart",
      timings.ours.map((t) => t.complete),
      timings.manual.map((t) => t.complete)
    )
    await calculatedRuns(api, store, manual, sandbox)
  } finally {
    await close()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
