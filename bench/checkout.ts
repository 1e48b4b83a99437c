/**
 * What checkout's dry run adds to a shopper's checkout: 200 carts choose a flat option
 * of this plugin and complete, and 200 choose Medusa's manual provider's flat option (same zone,
 * price, items and address) and complete, interleaved one by one so both see the same machine.
 * Prints per call (add shipping method, complete the cart) the median and p99 of each and their
 * ratio; the goal is ≤ 1.10 ×.
 *
 *   npm run bench:checkout            one process (Medusa's loaders, as `medusa start` does)
 *
 * Automatic fulfilment is off, so the orders buy no labels while the timings run: what is measured
 * is checkout only. BENCH_CARTS changes the count.
 */
import { appInThisProcess } from "./lib"
import { addManualOption } from "./baseline"
import type { Api } from "../dev/seed/api"
import { ADDRESSES, setupStore, type StoreSetup } from "../dev/seed/store"

const DB = "medusa_shipping_services_bench_checkout"
const CARTS = Number(process.env.BENCH_CARTS ?? 200)
const PORT = Number(process.env.BENCH_PORT ?? 9125)

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
  const { data: pc } = await api.post(
    "/store/payment-collections",
    { cart_id: cartId },
    pk
  )
  await api.post(
    `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
    { provider_id: "pp_system_default" },
    pk
  )
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

async function main() {
  const { api, admin, close } = await appInThisProcess({
    db: DB,
    port: PORT,
    env: {
      SHIPPING_SERVICES_OPTIONS_PATCH: JSON.stringify({
        autoFulfill: { enabled: false },
      }),
    },
  })
  try {
    const store = await setupStore(api, admin)
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
      `checkout: ${CARTS} carts per provider, flat option, 1–3 units, one process; goal ratio ≤ 1.10`
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
  } finally {
    await close()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
