// Here, not with the print library, because the options schema names them.
export const PRINT_LAYOUTS = [
  "4x6",
  "letter-2up",
  "letter-4up",
  "a4-2up",
  "a4-4up",
] as const
export type PrintLayout = (typeof PRINT_LAYOUTS)[number]
