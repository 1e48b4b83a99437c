/**
 * The shipping service as a library (docs 1–4 in shared/spec): enumerations, schemas, rules,
 * pure request builders and parsers, and the HTTP client. No Medusa import but zod (zod.ts), so
 * the plugin, the sandbox server and scripts all use the same code.
 */
export * from "./constants"
export * from "./violation"
export * from "./errors"
export * from "./schemas"
export * from "./rules"
export * from "./operations/shipments"
export * from "./operations/webhooks"
export * from "./operations/tracking"
export * from "./operations/contact"
export * from "./operations/token"
export * from "./client"
export * from "./sandbox-identity"
