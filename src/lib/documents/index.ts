/**
 * Print files of a batch of orders: labels merged into one PDF on 4x6 pages or
 * 2-/4-up office sheets, packing slips and commercial invoices, and ZPL labels as one .zpl file.
 * Plain data in, bytes out: no Medusa import, no I/O. See docs/printing.md.
 */
export {
  buildPrintFiles,
  createPrintBatch,
  type PrintBatch,
} from "./print-batch"
export {
  buildZplFile,
  zplChunks,
  zplFilesOf,
  zplProblem,
  type ZplFile,
} from "./zpl"
export {
  PRINT_LAYOUTS,
  isPrintLayout,
  sheetLayout,
  type PrintLayout,
  type SheetLayout,
} from "./layouts"
export { PrintInputError } from "./errors"
export { printable } from "./text"
export { encodeCode128, type Code128Symbol } from "./code128"
export type {
  CommercialInvoiceInput,
  PrintFile,
  PrintFileKind,
  PrintInclude,
  PrintLabel,
  PrintLineItem,
  PrintOptions,
  PrintOrder,
  PrintResult,
} from "./types"
