/**
 * Label renderer benchmark: N labels per format with distinct tracking numbers, one at a
 * time on one thread (as the sandbox renders them inside a request).
 *
 *   npx ts-node --swc bench/sandbox-labels.ts [N]      (default N = 2000)
 */
import {
  renderDocument,
  type RenderDocumentInput,
} from "../packages/sandbox/src/labels"

const N = Number(process.argv[2] ?? process.env.N ?? 2000)
const WARMUP = 100

const NAMES = [
  "Jane Doe",
  "Mohammed Al-Rashid",
  "Zoë Müller",
  "Li Wei",
  "Oluwaseun Adeyemi",
  "María José García",
]
const STREETS = [
  "1 Main Street",
  "27 Waterview Drive",
  "350 Fifth Avenue Suite 4100",
  "10 Downing St",
]

function input(
  i: number,
  base: Pick<RenderDocumentInput, "type" | "fileFormat" | "size">
): RenderDocumentInput {
  return {
    ...base,
    trackingNumber: `9400${String(111899223300000000n + BigInt(i)).padStart(18, "0")}`,
    shipmentId: `shp_${i.toString(36).padStart(10, "0")}`,
    carrier: "POSTAL",
    serviceId: "PM",
    from: {
      name: "Acme Warehouse",
      company: "Acme Inc.",
      addressLines: ["27 Waterview Drive"],
      cityTown: "Shelton",
      stateProvince: "CT",
      postalCode: "06484",
      countryCode: "US",
    },
    to: {
      name: NAMES[i % NAMES.length],
      addressLines: [STREETS[i % STREETS.length]],
      cityTown: "Springfield",
      stateProvince: "IL",
      postalCode: String(62701 + (i % 90)),
      countryCode: "US",
    },
    weightOz: 4 + (i % 100),
    reference: `ORDER-${1000 + i}`,
    customs: i % 5 === 0,
    returnLabel: i % 7 === 0,
  }
}

const CASES: Array<
  [string, Pick<RenderDocumentInput, "type" | "fileFormat" | "size">]
> = [
  ["PNG 4x6", { type: "SHIPPING_LABEL", fileFormat: "PNG", size: "DOC_4X6" }],
  ["PNG 4x5", { type: "SHIPPING_LABEL", fileFormat: "PNG", size: "DOC_4X5" }],
  [
    "PNG 8.5x11",
    { type: "SHIPPING_LABEL", fileFormat: "PNG", size: "DOC_8X11" },
  ],
  ["PDF 4x6", { type: "SHIPPING_LABEL", fileFormat: "PDF", size: "DOC_4X6" }],
  [
    "PDF 8.5x11",
    { type: "SHIPPING_LABEL", fileFormat: "PDF", size: "DOC_8X11" },
  ],
  ["ZPL2 4x6", { type: "SHIPPING_LABEL", fileFormat: "ZPL2", size: "DOC_4X6" }],
  ["QR GIF", { type: "QR_CODE", fileFormat: "GIF" }],
]

function pct(sorted: number[], p: number): number {
  return sorted[
    Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))
  ]
}

const rows: string[][] = [
  ["format", "n", "mean ms", "p50 ms", "p99 ms", "labels/s", "avg bytes"],
]
for (const [name, base] of CASES) {
  for (let i = 0; i < WARMUP; i++) {
    renderDocument(input(-1 - i + 1e6, base))
  }
  const times = new Float64Array(N)
  let bytes = 0
  const started = process.hrtime.bigint()
  for (let i = 0; i < N; i++) {
    const t0 = process.hrtime.bigint()
    const doc = renderDocument(input(i, base))
    times[i] = Number(process.hrtime.bigint() - t0) / 1e6
    bytes += doc.pages[0].length
  }
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6
  const sorted = Array.from(times).sort((a, b) => a - b)
  const mean = sorted.reduce((a, b) => a + b, 0) / N
  rows.push([
    name,
    String(N),
    mean.toFixed(3),
    pct(sorted, 50).toFixed(3),
    pct(sorted, 99).toFixed(3),
    Math.round((N * 1000) / wallMs).toString(),
    Math.round(bytes / N).toString(),
  ])
}

const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)))
console.log(
  `node ${process.version}, ${N} labels per format after ${WARMUP} warm-up renders`
)
for (const [i, r] of rows.entries()) {
  console.log(
    "| " +
      r
        .map((v, c) => (c === 0 ? v.padEnd(widths[c]) : v.padStart(widths[c])))
        .join(" | ") +
      " |"
  )
  if (i === 0) {
    console.log(
      "|" +
        widths
          .map((w, c) =>
            c === 0 ? "-".repeat(w + 2) : "-".repeat(w + 1) + ":"
          )
          .join("|") +
        "|"
    )
  }
}
