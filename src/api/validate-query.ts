import { validateAndTransformQuery } from "@medusajs/framework/http"
import { z } from "@medusajs/framework/zod"

/** `what` names an issue of the whole input. */
export function wordIssues(error: z.ZodError, what: string): string {
  return error.issues
    .map((i) => `${i.path.join(".") || what}: ${i.message}`)
    .join("; ")
}

/**
 * A 400 naming each field and rule: Medusa keeps only three issues and drops the field from pattern messages, so
 * the schema is parsed here and reported as one issue. The schema keeps its own strictness.
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
