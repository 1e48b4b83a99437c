// Medusa's zod, so the plugin, the sandbox and Medusa's validators share one zod instance.
export { z } from "@medusajs/framework/zod"
export type { ZodType, ZodError } from "@medusajs/framework/zod"
