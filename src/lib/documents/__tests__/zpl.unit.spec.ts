import { labelOf, orderOf } from "../../../../dev/fixtures/print-orders"
import { PrintInputError } from "../errors"
import type { PrintOrder } from "../types"
import { buildZplFile, zplChunks, zplProblem } from "../zpl"

const text = (b: Uint8Array) => Buffer.from(b).toString("utf8")

/** The ^XA…^XZ formats of a ZPL text, in order. */
function formats(zpl: string): string[] {
  return [...zpl.matchAll(/\^XA[\s\S]*?\^XZ/g)].map((m) => m[0])
}

describe("ZPL file", () => {
  it("concatenates every label, each ^XA…^XZ format byte for byte, a line break between", async () => {
    const orders = [0, 1, 2].map((i) =>
      orderOf(i, [labelOf(i, "ZPL2"), labelOf(i + 10, "ZPL2")])
    )
    const file = await buildZplFile(orders)
    expect(file.contentType).toBe("application/zpl")
    expect(file.labelCount).toBe(6)
    const sources = orders.flatMap((o) => o.labels.map((l) => text(l.pages[0])))
    const out = text(file.bytes)
    expect(formats(out)).toEqual(sources.flatMap(formats))
    expect(formats(out)).toHaveLength(6)
    // Nothing but line breaks between formats, and UTF-8 fields intact (^CI28).
    expect(out.replace(/\^XA[\s\S]*?\^XZ/g, "").trim()).toBe("")
    expect(out).toContain("Zo\u00eb \u00dcnal")
    expect(out.split("^XZ\n^XA")).toHaveLength(6)
  })

  it("keeps a label's own trailing line break and adds none twice", async () => {
    const page = new TextEncoder().encode("^XA^FO10,10^FDone^FS^XZ\r\n")
    const order = orderOf(0, [
      {
        format: "ZPL2",
        pages: [page, new TextEncoder().encode("^xa^FDtwo^FS^xz")],
      },
    ])
    const out = text((await buildZplFile([order])).bytes)
    expect(out).toBe("^XA^FO10,10^FDone^FS^XZ\r\n^xa^FDtwo^FS^xz\n")
  })

  it("refuses a truncated or broken format, naming the order and the page", async () => {
    const broken = orderOf(5, [
      labelOf(5, "ZPL2"),
      { format: "ZPL2", pages: [new TextEncoder().encode("^XA^FDcut off")] },
    ])
    const err = await buildZplFile([broken]).catch((e) => e)
    expect(err).toBeInstanceOf(PrintInputError)
    expect(err.field).toBe("labels[1].pages[0]")
    expect(err.message).toMatch(
      /order order_0+5: labels\[1\]\.pages\[0\] ends inside a label format/
    )
    expect(zplProblem(new TextEncoder().encode("hello"))).toMatch(/no \^XA/)
    expect(zplProblem(new TextEncoder().encode("^XA^XA^XZ"))).toMatch(
      /before closing/
    )
    expect(zplProblem(new TextEncoder().encode("^XZ^XA^XZ"))).toMatch(
      /not opened/
    )
  })

  it("refuses a PDF label in the ZPL file by its format", async () => {
    const err = await buildZplFile([orderOf(1, [labelOf(1, "PDF")])]).catch(
      (e) => e
    )
    expect(err.field).toBe("labels[0].format")
    expect(err.message).toMatch(/is PDF: only ZPL2 labels go into a ZPL file/)
  })

  it("streams: pulls the next order only after the previous one's labels were written", async () => {
    const events: string[] = []
    async function* orders(): AsyncGenerator<PrintOrder> {
      for (let i = 0; i < 3; i++) {
        events.push(`load ${i}`)
        yield orderOf(i, [labelOf(i, "ZPL2")])
      }
    }
    for await (const chunk of zplChunks(orders()))
      events.push(`write ${formats(text(chunk)).length}`)
    expect(events).toEqual([
      "load 0",
      "write 1",
      "load 1",
      "write 1",
      "load 2",
      "write 1",
    ])
  })
})
