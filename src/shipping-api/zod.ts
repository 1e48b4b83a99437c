// The one place this library touches Medusa: zod comes from @medusajs/framework so the
// plugin, the sandbox and Medusa's own validators share a single zod instance (zod 4).
export { z } from "@medusajs/framework/zod"
export type { ZodType, ZodError } from "@medusajs/framework/zod"
