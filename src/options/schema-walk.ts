import type { ZodType } from "@medusajs/framework/zod"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- zod 4's internal definitions are not typed for reading
export type Def = { type: string; [k: string]: any }

export const defOf = (s: ZodType): Def =>
  (s as unknown as { _zod: { def: Def } })._zod.def

const WRAPPERS = ["default", "optional", "pipe", "nullable"]

export function unwrap(s: ZodType): ZodType {
  let def = defOf(s)
  while (WRAPPERS.includes(def.type)) {
    s = def.type === "pipe" ? def.in : def.innerType
    def = defOf(s)
  }
  return s
}

/** Keys an object of the schema may have at `path`; empty when the path leads elsewhere. */
export function knownKeysAt(
  schema: ZodType,
  path: readonly PropertyKey[]
): string[] {
  let s = unwrap(schema)
  for (const key of path) {
    const def = defOf(s)
    if (def.type === "array" && typeof key === "number") s = unwrap(def.element)
    else if (
      def.type === "object" &&
      typeof key === "string" &&
      key in def.shape
    )
      s = unwrap(def.shape[key])
    else if (def.type === "record" && typeof key === "string")
      s = unwrap(def.valueType)
    else return []
  }
  const def = defOf(s)
  if (def.type === "object") return Object.keys(def.shape)
  if (def.type === "record") {
    const keys = defOf(unwrap(def.keyType))
    return keys.type === "enum"
      ? Object.values(keys.entries as Record<string, string>)
      : []
  }
  return []
}
