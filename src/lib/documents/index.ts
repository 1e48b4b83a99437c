// No Medusa import, no I/O: plain data in, bytes out.
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
