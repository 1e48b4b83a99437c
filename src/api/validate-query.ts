import { validateAndTransformQuery } from "@medusajs/framework/http"
import { z } from "@medusajs/framework/zod"

/** Every issue of a failed parse as `field: rule`, joined (`what` names an issue of the whole input). */
export function wordIssues(error: z.ZodError, what: string): string {
  return error.issues
    .map((i) => `${i.path.join(".") || what}: ${i.message}`)
    .join("; ")
}

/**
 * Medusa's query validation (the route reads `req.validatedQuery`) with a 400 that names each
 * field and its rule. Medusa words the rules it knows (types, bounds, enums) itself but passes a
 * pattern's or a refinement's message on without the field, and keeps only three issues: the
 * schema is parsed here and its issues, each after its field, become the one issue Medusa
 * reports (`Invalid request: from: must be a date as YYYY-MM-DD`). The schema keeps its own
 * strictness (Medusa would make a plain object strict).
 */
export function validateQuery(schema: z.ZodType) {
  return validateAndTransformQuery(namingFields(schema), {})
}

function namingFields(schema: z.ZodType) {
  return z.unknown().transform((input, ctx) => {
    const parsed = schema.safeParse(input ?? {})
    if (parsed.success) return parsed.data
    ctx.addIssue({ code: "custom", message: wordIssues(parsed.error, "query") })
    return z.NEVER
  })
}
