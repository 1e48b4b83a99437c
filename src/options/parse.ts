import { pluginOptionsSchema, type PluginOptions } from "./schema"

export const PLUGIN_NAME = "medusa-plugin-shipping-services"

export class InvalidOptionsError extends Error {
  constructor(readonly problems: { path: string; message: string }[]) {
    super(
      `${PLUGIN_NAME}: invalid options (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n` +
        problems.map((p) => `  - ${p.path}: ${p.message}`).join("\n")
    )
    this.name = "InvalidOptionsError"
  }
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = ""
  for (const key of path) {
    out += typeof key === "number" ? `[${key}]` : out ? `.${String(key)}` : String(key)
  }
  return out || "(options)"
}

/** Validates raw options; throws one error naming every bad field and why (never their values). */
export function parsePluginOptions(raw: unknown): PluginOptions {
  const result = pluginOptionsSchema.safeParse(raw ?? {})
  if (result.success) {
    return result.data
  }
  throw new InvalidOptionsError(
    result.error.issues.map((issue) => ({ path: formatPath(issue.path), message: describe(issue) }))
  )
}

function describe(issue: { code: string; message: string; input?: unknown }): string {
  // zod 4's default messages echo the expected type only; rewrite the missing-value case in words.
  if (issue.code === "invalid_type" && issue.input === undefined) {
    return "is required"
  }
  return issue.message
}
