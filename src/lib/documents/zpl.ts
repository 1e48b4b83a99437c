import { PrintInputError } from "./errors"
import type { PrintOrder } from "./types"

// ZPL is a printer program, not an image: formats are kept byte for byte, one after another.

const CARET = 0x5e
const NEWLINE = 0x0a

/** ZPL commands are case-insensitive. */
function formatMarks(bytes: Uint8Array): Array<"start" | "end"> {
  const marks: Array<"start" | "end"> = []
  for (let i = 0; i + 2 < bytes.length; i++) {
    if (bytes[i] !== CARET || (bytes[i + 1] | 0x20) !== 0x78) continue
    const c = bytes[i + 2] | 0x20
    if (c === 0x61) marks.push("start")
    else if (c === 0x7a) marks.push("end")
  }
  return marks
}

/** Undefined when the file is whole ZPL formats. */
export function zplProblem(bytes: Uint8Array): string | undefined {
  const marks = formatMarks(bytes)
  if (marks.length === 0) return "has no ^XA…^XZ label format"
  let open = false
  for (const mark of marks) {
    if (mark === "start" && open)
      return "opens a label format (^XA) before closing the previous one (^XZ)"
    if (mark === "end" && !open)
      return "closes a label format (^XZ) that was not opened (^XA)"
    open = mark === "start"
  }
  return open
    ? "ends inside a label format (^XA without ^XZ): the file looks truncated"
    : undefined
}

/** Throws PrintInputError; nothing is kept. */
export function zplFilesOf(order: PrintOrder): Uint8Array[] {
  const out: Uint8Array[] = []
  order.labels.forEach((label, i) => {
    if (label.format !== "ZPL2") {
      throw new PrintInputError(
        `labels[${i}].format`,
        `is ${label.format}: only ZPL2 labels go into a ZPL file (print the others as a PDF)`,
        order.orderId
      )
    }
    label.pages.forEach((page, j) => {
      if (!(page instanceof Uint8Array))
        throw new PrintInputError(
          `labels[${i}].pages[${j}]`,
          "must be the file's bytes (a Uint8Array)",
          order.orderId
        )
      const problem = zplProblem(page)
      if (problem)
        throw new PrintInputError(
          `labels[${i}].pages[${j}]`,
          problem,
          order.orderId
        )
      out.push(
        page[page.length - 1] === NEWLINE
          ? page
          : concat([page, Uint8Array.of(NEWLINE)])
      )
    })
  })
  return out
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** One order at a time, so the batch's labels are never all in memory. */
export async function* zplChunks(
  orders: Iterable<PrintOrder> | AsyncIterable<PrintOrder>
): AsyncGenerator<Uint8Array> {
  for await (const order of orders) {
    yield* zplFilesOf(order)
  }
}

export interface ZplFile {
  contentType: "application/zpl"
  bytes: Uint8Array
  labelCount: number
}

/** It is text, ~1 KB a label. */
export async function buildZplFile(
  orders: Iterable<PrintOrder> | AsyncIterable<PrintOrder>
): Promise<ZplFile> {
  const parts: Uint8Array[] = []
  let labelCount = 0
  for await (const chunk of zplChunks(orders)) {
    parts.push(chunk)
    labelCount += formatMarks(chunk).filter((m) => m === "start").length
  }
  return { contentType: "application/zpl", bytes: concat(parts), labelCount }
}
