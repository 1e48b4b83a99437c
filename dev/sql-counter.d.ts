import type { SqlCounts } from "./cluster"

/** The statements this process sent so far (see sql-counter.js). */
export function sqlCounts(): SqlCounts

/** Appends every statement the app sends from now on to `file` (undefined: stops). */
export function logSqlTo(file: string | undefined): void
