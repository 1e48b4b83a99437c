import { prepareStorefront, writeStatus } from "./storefront-app"

/**
 * `ts-node --swc prepare-storefront.ts <status file>`: the storefront's install and build in a
 * process of its own (started by the browser group's global setup: storefront-app.ts
 * startPreparation), its outcome written to the status file when it ends.
 */
const file = process.argv[2]
if (!file) throw new Error("usage: prepare-storefront.ts <status file>")
const t0 = Date.now()
prepareStorefront().then(
  (took) =>
    writeStatus(file, {
      state: "done",
      took,
      seconds: Math.round((Date.now() - t0) / 100) / 10,
    }),
  (error: unknown) =>
    writeStatus(file, {
      state: "failed",
      error:
        error instanceof Error ? (error.stack ?? error.message) : String(error),
    })
)
