import Medusa from "@medusajs/js-sdk"

// As the starter's src/lib/config.ts, with the key read when the server runs, not when it was
// built: the tests make a new store (and key) for every run of one build.
export const sdk = new Medusa({
  baseUrl: process.env.MEDUSA_BACKEND_URL || "http://localhost:9000",
  publishableKey: process.env.MEDUSA_PUBLISHABLE_KEY,
})
