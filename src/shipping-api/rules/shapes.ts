import { hasOption, optionPath, str } from "./read"
import {
  defineRule,
  type RuleContext,
  type RuleDefinition,
  type ShipmentDraft,
  type ShipmentRule,
} from "./types"

// Shared shapes, so that a rule is its data.

type Meta = Omit<RuleDefinition, "test">
type Text<A extends unknown[]> = string | ((...args: A) => string)

const say = <A extends unknown[]>(text: Text<A>, ...args: A) =>
  typeof text === "string" ? text : text(...args)

export function reportWhen(
  def: Meta & {
    when(s: ShipmentDraft, ctx: RuleContext): boolean
    path: Text<[ShipmentDraft]>
    message: Text<[ShipmentDraft, RuleContext]>
  }
): ShipmentRule {
  const { when, path, message, ...meta } = def
  return defineRule({
    ...meta,
    test(s, ctx, report) {
      if (when(s, ctx)) report(say(path, s), say(message, s, ctx))
    },
  })
}

/** No string there is another rule's business; `allowed` returning none means no check. */
export function mustBeOneOf(
  def: Meta & {
    path: string
    read(s: ShipmentDraft): unknown
    allowed:
      | readonly string[]
      | ((s: ShipmentDraft, ctx: RuleContext) => readonly string[] | undefined)
    message?(found: {
      value: string
      allowed: readonly string[]
      s: ShipmentDraft
      ctx: RuleContext
    }): string
  }
): ShipmentRule {
  const { path, read, allowed: of, message, ...meta } = def
  return defineRule({
    ...meta,
    test(s, ctx, report) {
      const value = str(read(s))
      const allowed = typeof of === "function" ? of(s, ctx) : of
      if (allowed && value !== undefined && !allowed.includes(value))
        report(
          path,
          message
            ? message({ value, allowed, s, ctx })
            : `must be ${allowed.join(" or ")}`
        )
    },
  })
}

/** All skipped unless `when` holds. */
export function eachItem<T>(
  def: Meta & {
    items(s: ShipmentDraft): readonly T[]
    when?(s: ShipmentDraft, ctx: RuleContext): boolean
    broken(item: T, s: ShipmentDraft, ctx: RuleContext): boolean
    path(item: T, index: number, s: ShipmentDraft): string
    message: Text<[T, ShipmentDraft, RuleContext]>
  }
): ShipmentRule {
  const { items, when, broken, path, message, ...meta } = def
  return defineRule({
    ...meta,
    test(s, ctx, report) {
      if (when && !when(s, ctx)) return
      items(s).forEach((item, i) => {
        if (broken(item, s, ctx))
          report(path(item, i, s), say(message, item, s, ctx))
      })
    },
  })
}

/** Each reported alone. */
export function requireOptions(
  def: Meta & {
    options: readonly string[]
    when?(s: ShipmentDraft, ctx: RuleContext): boolean
    message: Text<[string, ShipmentDraft]>
  }
): ShipmentRule {
  const { options, message, ...meta } = def
  return eachItem({
    ...meta,
    items: () => options,
    broken: (name, s) => !hasOption(s, name),
    path: (name, _i, s) => optionPath(s, name),
    message: (name, s) => say(message, name, s),
  })
}
