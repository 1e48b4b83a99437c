import { nearestKey } from "./nearest"
import { pluginOptionsSchema, type PluginOptions } from "./schema"
import { knownKeysAt } from "./schema-walk"
import { optionRulesCheck, serviceOptionProblems } from "./service-checks"

export const PLUGIN_NAME = "medusa-plugin-shipping-services"

export type OptionsProblem = { path: string; message: string }

export class InvalidOptionsError extends Error {
  constructor(readonly problems: OptionsProblem[]) {
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
    out +=
      typeof key === "number"
        ? `[${key}]`
        : out
          ? `.${String(key)}`
          : String(key)
  }
  return out || "(options)"
}

type Issue = {
  code: string
  message: string
  input?: unknown
  path: PropertyKey[]
  keys?: string[]
}

/** Medusa adds these to every internal module's options, so they are not unknown plugin options. */
export const MEDUSA_MODULE_OPTION_KEYS: readonly string[] = ["database"]

function withoutMedusaKeys(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw
  return Object.fromEntries(
    Object.entries(raw).filter(
      ([key]) => !MEDUSA_MODULE_OPTION_KEYS.includes(key)
    )
  )
}

const checkedOptionsSchema = pluginOptionsSchema.check(optionRulesCheck())

/** Throws one error naming every bad field and why (never their values). */
export function parsePluginOptions(raw: unknown): PluginOptions {
  const result = checkedOptionsSchema.safeParse(withoutMedusaKeys(raw ?? {}))
  if (result.success) {
    return result.data
  }
  throw new InvalidOptionsError(
    result.error.issues.flatMap((issue) => problemsOf(issue as Issue))
  )
}

/** Also returns the "warning" rule violations, which the boot logs. */
export function checkPluginOptions(raw: unknown): {
  options: PluginOptions
  warnings: OptionsProblem[]
} {
  const options = parsePluginOptions(raw)
  const warnings = serviceOptionProblems(options).warnings.map((w) => ({
    path: formatPath(w.path),
    message: w.message,
  }))
  return { options, warnings }
}

function problemsOf(issue: Issue): OptionsProblem[] {
  // One problem per unknown key, at its own path, with the known key it may be a slip of.
  if (issue.code === "unrecognized_keys") {
    return (issue.keys ?? []).map((key) => unknownKey(issue.path, key))
  }
  if (issue.code === "invalid_key") {
    return [
      unknownKey(
        issue.path.slice(0, -1),
        String(issue.path[issue.path.length - 1])
      ),
    ]
  }
  return [{ path: formatPath(issue.path), message: describe(issue) }]
}

function unknownKey(
  parent: readonly PropertyKey[],
  key: string
): OptionsProblem {
  const suggestion = nearestKey(key, knownKeysAt(pluginOptionsSchema, parent))
  return {
    path: formatPath([...parent, key]),
    message: `unknown option${suggestion ? `; did you mean ${suggestion}?` : ""}`,
  }
}

function describe(issue: Issue): string {
  // zod 4's default message names only the expected type.
  if (issue.code === "invalid_type" && issue.input === undefined) {
    return "is required"
  }
  return issue.message
}
