/**
 * Merge bench: 100 realistic labels of each format, made by the sandbox's renderer,
 * merged into one print file for each layout. Prints the median time of several runs, the
 * output size and the peak RSS increase; then streams 1,000 orders to show memory stays bounded,
 * and renders a 4-up Letter sheet (labels with packing slips) to PNG for a look.
 *
 *   npm run bench:merge                 (RUNS=5 N=100 by default)
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import v8 from "node:v8"
import vm from "node:vm"
import {
  buildPrintFiles,
  buildZplFile,
  PRINT_LAYOUTS,
  type PrintOptions,
  type PrintOrder,
} from "../src/lib/documents"
import {
  crossBorderOrderOf,
  labelOf,
  orderOf,
} from "../dev/fixtures/print-orders"
import type { FileFormat } from "../src/shipping-api/constants"

const N = Number(process.env.N ?? 100)
const RUNS = Number(process.env.RUNS ?? 5)
const STREAMED = Number(process.env.STREAMED ?? 1000)
const OUT = path.resolve(__dirname, "..", ".test-results", "printing")

v8.setFlagsFromString("--expose-gc")
const gc = vm.runInNewContext("gc") as () => void

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** Runs `fn` with RSS sampled by `sample()` calls and a timer; returns its peak above the start. */
async function measured<T>(
  fn: (sample: () => void) => Promise<T>
): Promise<{ value: T; ms: number; peakRssMb: number; heldMb: number }> {
  gc()
  const held = () => {
    const m = process.memoryUsage()
    return m.heapUsed + m.arrayBuffers
  }
  const heldBefore = held()
  const start = process.memoryUsage().rss
  let peak = start
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }
  const timer = setInterval(sample, 5)
  const t = performance.now()
  const value = await fn(sample)
  const ms = performance.now() - t
  sample()
  clearInterval(timer)
  // What is still reachable with the result in hand: the output, not garbage awaiting a GC.
  // Twice, a turn apart, so buffers freed by finalizers after the first are counted out.
  gc()
  await new Promise((resolve) => setImmediate(resolve))
  gc()
  return {
    value,
    ms,
    peakRssMb: (peak - start) / 1024 / 1024,
    heldMb: (held() - heldBefore) / 1024 / 1024,
  }
}

function ordersOf(format: FileFormat, n: number): PrintOrder[] {
  return Array.from({ length: n }, (_, i) => orderOf(i, [labelOf(i, format)]))
}

async function* sampled(
  orders: PrintOrder[],
  sample: () => void
): AsyncGenerator<PrintOrder> {
  for (const order of orders) {
    sample()
    yield order
  }
}

type Scenario =
  | {
      kind: "merge"
      name: string
      input: "PDF" | "PNG" | "GIF" | "mixed"
      options: PrintOptions
    }
  | { kind: "stream"; orders: number }

interface ScenarioResult {
  medianMs: number
  minMs: number
  pages: number
  bytes: number
  inputBytes: number
  peakRssMb: number
  /** Heap and buffers still held after a GC at the end, the result included. */
  heldMb: number
}

function inputOf(input: "PDF" | "PNG" | "GIF" | "mixed"): PrintOrder[] {
  if (input !== "mixed") return ordersOf(input, N)
  // A realistic batch: PDF labels, a packing slip each, one order in five cross-border.
  return Array.from({ length: N }, (_, i) =>
    i % 5 === 0
      ? crossBorderOrderOf(i, ["PDF"])
      : orderOf(i, [labelOf(i, "PDF")])
  )
}

/**
 * One scenario in this (fresh) process: the inputs are made first, then the RSS baseline is
 * taken, so the peak increase is what merging needs, warm-up run (JIT, font metrics) included.
 */
async function runScenario(scenario: Scenario): Promise<ScenarioResult> {
  if (scenario.kind === "stream") {
    const count = scenario.orders
    // Orders made one at a time inside the generator, as the batch loads each order's labels
    // from storage: only the output PDF grows.
    const { value, ms, peakRssMb, heldMb } = await measured(async (sample) => {
      async function* loaded(): AsyncGenerator<PrintOrder> {
        for (let i = 0; i < count; i++) {
          sample()
          yield orderOf(i, [labelOf(i, "PNG")])
        }
      }
      return buildPrintFiles(loaded(), {
        layout: "4x6",
        include: {
          labels: true,
          packingSlips: true,
          commercialInvoices: false,
        },
      })
    })
    const file = value.files[0]
    return {
      medianMs: ms,
      minMs: ms,
      pages: file.pageCount,
      bytes: file.bytes.length,
      inputBytes: 0,
      peakRssMb,
      heldMb,
    }
  }
  const orders = inputOf(scenario.input)
  const inputBytes = orders.reduce(
    (n, o) => n + o.labels.reduce((m, l) => m + l.pages[0].length, 0),
    0
  )
  const times: number[] = []
  let result: ScenarioResult | undefined
  const { peakRssMb, heldMb } = await measured(async (sample) => {
    for (let r = 0; r <= RUNS; r++) {
      const t = performance.now()
      const value = await buildPrintFiles(
        sampled(orders, sample),
        scenario.options
      )
      if (r > 0) times.push(performance.now() - t)
      result = {
        medianMs: 0,
        minMs: 0,
        pages: value.files.reduce((n, f) => n + f.pageCount, 0),
        bytes: value.files.reduce((n, f) => n + f.bytes.length, 0),
        inputBytes,
        peakRssMb: 0,
        heldMb: 0,
      }
    }
  })
  return {
    ...result!,
    medianMs: median(times),
    minMs: Math.min(...times),
    peakRssMb,
    heldMb,
  }
}

function inChild(scenario: Scenario): ScenarioResult {
  const out = execFileSync(
    process.execPath,
    [require.resolve("ts-node/dist/bin.js"), "--swc", __filename],
    {
      env: { ...process.env, MERGE_SCENARIO: JSON.stringify(scenario) },
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    }
  )
  return JSON.parse(out.trim().split("\n").pop()!)
}

function table(data: string[][]): string {
  const widths = data[0].map((_, c) =>
    Math.max(...data.map((r) => r[c].length))
  )
  const line = (r: string[]) =>
    `| ${r.map((v, c) => (c < 2 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join(" | ")} |`
  return [
    line(data[0]),
    `|${widths.map((w, c) => (c < 2 ? ":" : "-") + "-".repeat(w) + (c < 2 ? "-" : ":")).join("|")}|`,
    ...data.slice(1).map(line),
  ].join("\n")
}

async function main(): Promise<void> {
  if (process.env.MERGE_SCENARIO) {
    console.log(
      JSON.stringify(await runScenario(JSON.parse(process.env.MERGE_SCENARIO)))
    )
    return
  }
  console.log(
    `Node ${process.version}, ${N} labels per run, median of ${RUNS} runs after one warm-up, each input in a fresh process\n`
  )
  const rows: string[][] = [
    [
      "input",
      "layout",
      "pages",
      "median ms",
      "min ms",
      "output",
      "peak RSS +MB",
    ],
  ]
  const labelsOnly = {
    labels: true,
    packingSlips: false,
    commercialInvoices: false,
  }
  const everything = {
    labels: true,
    packingSlips: true,
    commercialInvoices: true,
  }
  const scenarios: Array<Extract<Scenario, { kind: "merge" }>> = [
    ...(["PDF", "PNG", "GIF"] as const).flatMap((input) =>
      PRINT_LAYOUTS.map((layout) => ({
        kind: "merge" as const,
        name: `${N} ${input === "GIF" ? "QR GIF" : input}`,
        input,
        options: { layout, include: labelsOnly },
      }))
    ),
    ...(["4x6", "letter-4up"] as const).map((layout) => ({
      kind: "merge" as const,
      name: `${N} PDF + slips + invoices`,
      input: "mixed" as const,
      options: { layout, include: everything },
    })),
  ]
  for (const scenario of scenarios) {
    const r = inChild(scenario)
    rows.push([
      `${scenario.name} (${kb(r.inputBytes)})`,
      scenario.options.layout,
      String(r.pages),
      r.medianMs.toFixed(0),
      r.minMs.toFixed(0),
      kb(r.bytes),
      r.peakRssMb.toFixed(1),
    ])
  }
  console.log(table(rows))

  // ZPL: concatenation only.
  const zplOrders = ordersOf("ZPL2", N)
  const zplTimes: number[] = []
  let zplSize = 0
  for (let r = 0; r <= RUNS; r++) {
    const t = performance.now()
    zplSize = (await buildZplFile(zplOrders)).bytes.length
    if (r > 0) zplTimes.push(performance.now() - t)
  }
  console.log(
    `\n${N} ZPL2 labels into one .zpl: median ${median(zplTimes).toFixed(1)} ms, ${kb(zplSize)}`
  )

  for (const orders of [N, STREAMED]) {
    const r = inChild({ kind: "stream", orders })
    console.log(
      `streamed ${orders} orders (PNG label rendered in the generator + packing slip, 4x6): ${r.medianMs.toFixed(0)} ms, ${r.pages} pages, ${mb(r.bytes)} MB out, peak RSS +${r.peakRssMb.toFixed(1)} MB, held after GC ${r.heldMb.toFixed(1)} MB`
    )
  }

  // A 4-up Letter sheet with labels of each format and packing slips, rendered for a look.
  mkdirSync(OUT, { recursive: true })
  const sample = await buildPrintFiles(
    [
      orderOf(1, [labelOf(1, "PDF")]),
      orderOf(2, [labelOf(2, "PNG")]),
      crossBorderOrderOf(3, ["PDF", "GIF"]),
    ],
    { layout: "letter-4up", include: everything }
  )
  const pdf = path.join(OUT, "letter-4up.pdf")
  writeFileSync(pdf, sample.files[0].bytes)
  try {
    execFileSync("pdftoppm", [
      "-r",
      "100",
      "-png",
      pdf,
      path.join(OUT, "letter-4up"),
    ])
    console.log(
      `\n4-up sheet: ${pdf} and ${path.join(OUT, "letter-4up-*.png")}`
    )
  } catch {
    console.log(
      `\n4-up sheet: ${pdf} (pdftoppm not found: apt-get install -y poppler-utils to render it to PNG)`
    )
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
