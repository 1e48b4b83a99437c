/**
 * The sheets a batch can print on (option `printing.layout`; their geometry:
 * src/lib/documents/layouts.ts). Here because the options schema names them and the options
 * are below the print library.
 */
export const PRINT_LAYOUTS = [
  "4x6",
  "letter-2up",
  "letter-4up",
  "a4-2up",
  "a4-4up",
] as const
export type PrintLayout = (typeof PRINT_LAYOUTS)[number]
