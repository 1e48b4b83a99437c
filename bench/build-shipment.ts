/**
 * Building one cross-border shipment request with 30 customs items (pure builder + the rules
 * of the documents, as the client runs them before sending): median and p99 in microseconds.
 *   npx ts-node --swc bench/build-shipment.ts [runs]
 */
import { performance } from "node:perf_hooks"
import { buildShipmentRequest } from "../src/providers/shipping-services/mapping/build-shipment"
import { buildCreateShipment } from "../src/shipping-api/operations/shipments"
import {
  options,
  order,
  origin,
  shipped,
  tshirt,
} from "../src/providers/shipping-services/mapping/__fixtures__/orders"

const runs = Number(process.argv[2] ?? 5000)
const items = Array.from({ length: 30 }, (_, i) => ({
  ...tshirt,
  id: `ordli_${i}`,
  variant_sku: `SKU-${i}`,
  quantity: 1 + (i % 3),
  variant: { ...tshirt.variant, hs_code: `6109${String(i).padStart(2, "0")}` },
}))
const o = order(
  {
    first_name: "Jane",
    last_name: "Doe",
    city: "London",
    province: "",
    postal_code: "SW1A 1AA",
    country_code: "gb",
  },
  { items }
)
const service = options.services.find((s) => s.id === "cross-border")!
const lines = shipped(o)

function once() {
  const built = buildShipmentRequest({
    order: o,
    lines,
    service,
    options,
    origin,
    direction: "outbound",
  })
  if (!built.ok) throw new Error(JSON.stringify(built.violations))
  const request = buildCreateShipment({
    shipment: built.value.request,
    transactionId: "T-bench",
    includeDeliveryCommitment: true,
  })
  if (!request.ok) throw new Error(JSON.stringify(request.violations))
  return built.value.request.customs!.customsItems!.length
}

for (let i = 0; i < 500; i++) once()
const build: number[] = []
const buildOnly: number[] = []
for (let i = 0; i < runs; i++) {
  let t = performance.now()
  once()
  build.push((performance.now() - t) * 1000)
  t = performance.now()
  buildShipmentRequest({
    order: o,
    lines,
    service,
    options,
    origin,
    direction: "outbound",
  })
  buildOnly.push((performance.now() - t) * 1000)
}
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[
    Math.min(xs.length - 1, Math.floor(xs.length * p))
  ]
console.log(`30 customs items, ${runs} runs`)
console.log(
  `builder only:              median ${pct(buildOnly, 0.5).toFixed(1)} µs   p99 ${pct(buildOnly, 0.99).toFixed(1)} µs`
)
console.log(
  `builder + every doc rule:  median ${pct(build, 0.5).toFixed(1)} µs   p99 ${pct(build, 0.99).toFixed(1)} µs   (items sent: ${once()})`
)
