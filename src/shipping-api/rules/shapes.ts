import { hasOption, optionPath, str } from "./read"
import {
  defineRule,
  type RuleContext,
  type RuleDefinition,
  type ShipmentDraft,
  type ShipmentRule,
} from "./types"

/**
 * The shapes most rules share, so that a rule is its data: id, words, and what it reads.
 * `defineRule` stays for the rules that are their own shape.
 */

type Meta = Omit<RuleDefinition, "test">
type Text<A extends unknown[]> = string | ((...args: A) => string)

const say = <A extends unknown[]>(text: Text<A>, ...args: A) =>
  typeof text === "string" ? text : text(...args)

/** One violation at `path` when `when` holds. */
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

/**
 * The string `read` finds must be one of `allowed` (a function of the request: none, no check).
 * No string there is another rule's business (required fields, types).
 */
export function mustBeOneOf(
  def: Meta & {
    path: string
    read(s: ShipmentDraft): unknown
    allowed:
      | readonly string[]
      | ((s: ShipmentDraft, ctx: RuleContext) => readonly string[] | undefined)
    /** Default: `must be A or B`. */
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

/** One violation per item of `items` that `broken` finds (all skipped unless `when` holds). */
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

/** Shipment options that must be given with a value (when `when` holds), each reported alone. */
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
