import v8 from "node:v8"
import vm from "node:vm"
import { labelOf, orderOf } from "../../../../dev/fixtures/print-orders"
import { buildPrintFiles, createPrintBatch } from "../print-batch"
import type { PrintOrder } from "../types"
import { loadPdf, xobjectsOf } from "./pdf-inspect"

// A real collection on demand: the test asks the engine whether the batch still holds the label
// files of orders it has been given. (--expose-gc set at run time, then gc taken from a context.)
v8.setFlagsFromString("--expose-gc")
const gc = vm.runInNewContext("gc") as () => void

/**
 * How many of `refs` still hold their object after full collections, taken from later macrotasks
 * (WeakRefs made or read in a job stay alive until it ends). Up to eight rounds, 25 ms apart: under
 * load a background compile job can hold a handle to a just-used object for a moment (CI once saw
 * one file alive after one collection); an object still reachable survives any number of rounds,
 * so this proves the same.
 */
async function aliveAfterCollection(
  refs: Array<WeakRef<object>>
): Promise<number> {
  let alive = refs.length
  for (let round = 0; round < 8 && alive > 0; round++) {
    await new Promise((resolve) => setTimeout(resolve, round === 0 ? 0 : 25))
    gc()
    alive = refs.filter((ref) => ref.deref() !== undefined).length
  }
  return alive
}

const FORMATS = ["PDF", "PNG", "GIF"] as const

// A full collection per order takes a few hundred ms in a loaded jest worker.
jest.setTimeout(60_000)

describe("streaming batch", () => {
  it("pulls orders one at a time and keeps no order's label files once the next is asked for", async () => {
    const files: Array<WeakRef<Uint8Array>> = []
    const events: string[] = []
    let added = 0
    const N = 6

    async function* orders(): AsyncGenerator<PrintOrder> {
      for (let i = 0; i < N; i++) {
        // Every order before the previous one must be gone (its files unreachable).
        const alive = await aliveAfterCollection(
          files.slice(0, Math.max(0, i - 1))
        )
        events.push(`load ${i}: ${alive} earlier files alive`)
        const format = FORMATS[i % FORMATS.length]
        const order = orderOf(i, [labelOf(i, format), labelOf(i + 100, "PDF")])
        for (const label of order.labels)
          for (const page of label.pages) files.push(new WeakRef(page))
        yield order
        added++
      }
    }

    const result = await buildPrintFiles(orders(), {
      layout: "letter-4up",
      include: { labels: true, packingSlips: true, commercialInvoices: false },
    })
    expect(events).toEqual(
      Array.from({ length: N }, (_, i) => `load ${i}: 0 earlier files alive`)
    )
    expect(added).toBe(N)

    // And with every order added, no input file is left at all.
    expect(await aliveAfterCollection(files)).toBe(0)
    const doc = await loadPdf(result.files[0].bytes)
    expect(doc.getPages().flatMap((p) => xobjectsOf(p))).toHaveLength(2 * N)
  })

  it("reads an order's files only while it is added: zeroing them afterwards changes nothing", async () => {
    const order = orderOf(1, [
      labelOf(1, "PDF"),
      labelOf(2, "PNG"),
      labelOf(3, "GIF"),
    ])
    const reference = await buildPrintFiles(
      [orderOf(1, [labelOf(1, "PDF"), labelOf(2, "PNG"), labelOf(3, "GIF")])],
      {
        layout: "4x6",
        include: {
          labels: true,
          packingSlips: false,
          commercialInvoices: false,
        },
      }
    )
    const batch = createPrintBatch({
      layout: "4x6",
      include: { labels: true, packingSlips: false, commercialInvoices: false },
    })
    await batch.add(order)
    for (const label of order.labels)
      for (const page of label.pages) page.fill(0)
    const result = await batch.finish()
    // Same pages, same content streams and images (metadata dates aside).
    const [a, b] = await Promise.all([
      loadPdf(reference.files[0].bytes),
      loadPdf(result.files[0].bytes),
    ])
    expect(b.getPageCount()).toBe(a.getPageCount())
    const streams = (doc: typeof a) =>
      doc
        .getPages()
        .flatMap((p) =>
          xobjectsOf(p).map((x) =>
            Buffer.from(x.stream.contents).toString("base64")
          )
        )
    expect(streams(b)).toEqual(streams(a))
  })
})
