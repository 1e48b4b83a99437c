import Medusa from "@medusajs/js-sdk"

/** The dashboard logs in with a session cookie. */
export const sdk = new Medusa({
  baseUrl: import.meta.env.VITE_BACKEND_URL || "/",
  auth: { type: "session" },
})
