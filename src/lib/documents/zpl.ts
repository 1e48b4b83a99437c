import { PrintInputError } from "./errors"
import type { PrintOrder } from "./types"

/**
 * ZPL2 labels of a batch as one .zpl file. ZPL is a program for the printer, not an image, so it
 * cannot go into a PDF: the file is the labels one after another, each ^XA…^XZ format kept byte
 * for byte (fields stay UTF-8 under ^CI28), with a line break between labels.
 */

const CARET = 0x5e
const NEWLINE = 0x0a

/** Offsets of ^XA (start) and ^XZ (end) commands, in order. ZPL commands are case-insensitive. */
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

/** Why a label file is not whole ZPL formats, or undefined when it is. */
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

/** One order's ZPL files, checked, each ending in a line break. Throws PrintInputError; nothing is kept. */
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

/**
 * The ZPL file as chunks, pulling one order at a time: write each chunk to storage as it comes
 * and the batch's labels are never all in memory.
 */
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

/** The whole ZPL file in memory (it is text, ~1 KB a label). */
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
