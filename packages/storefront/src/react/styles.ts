/**
 * The components' look: Tailwind classes of Medusa's UI preset (`@medusajs/ui-preset`, which the
 * tailwind.config.js of Medusa's starter loads), so they take the starter's colours, type and dark
 * mode. Every element has a slot name: `classNames={{ slot: "…" }}` adds classes to it, and
 * `unstyled` drops the defaults (only the given classNames remain).
 */
export type Styling<Slot extends string> = {
  /** Classes added to a slot's defaults (or its only classes when unstyled). */
  classNames?: Partial<Record<Slot, string>>
  /** Leave out the default classes. */
  unstyled?: boolean
}

export function cx(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(" ")
}

/** The class of each slot: the defaults and the caller's, or the caller's alone when unstyled. */
export function slots<Slot extends string>(
  defaults: Record<Slot, string>,
  styling: Styling<Slot>
): (
  slot: Slot,
  ...extra: (string | false | null | undefined)[]
) => string | undefined {
  return (slot, ...extra) =>
    cx(
      styling.unstyled ? undefined : defaults[slot],
      styling.unstyled ? undefined : cx(...extra),
      styling.classNames?.[slot]
    ) || undefined
}

/** Shared looks, as the starter's own elements (and @medusajs/ui's) have them. */
export const LOOK = {
  card: "flex flex-col gap-y-3 rounded-lg bg-ui-bg-base p-4 shadow-elevation-card-rest",
  heading: "txt-compact-medium-plus text-ui-fg-base",
  subtle: "txt-compact-small text-ui-fg-subtle",
  muted: "txt-compact-small text-ui-fg-muted",
  link: "txt-compact-small-plus text-ui-fg-interactive hover:text-ui-fg-interactive-hover underline-offset-2 hover:underline",
  error: "txt-compact-small text-ui-fg-error",
  button:
    "inline-flex items-center justify-center gap-x-1.5 rounded-md px-3 py-1.5 txt-compact-small-plus bg-ui-button-neutral text-ui-fg-base shadow-buttons-neutral hover:bg-ui-button-neutral-hover disabled:cursor-not-allowed disabled:opacity-50",
  primary:
    "inline-flex items-center justify-center gap-x-1.5 rounded-md px-3 py-1.5 txt-compact-small-plus bg-ui-button-inverted text-ui-fg-on-inverted shadow-buttons-inverted hover:bg-ui-button-inverted-hover disabled:cursor-not-allowed disabled:opacity-50",
  danger:
    "inline-flex items-center justify-center gap-x-1.5 rounded-md px-3 py-1.5 txt-compact-small-plus bg-ui-button-danger text-ui-fg-on-color shadow-buttons-danger hover:bg-ui-button-danger-hover disabled:cursor-not-allowed disabled:opacity-50",
  badge:
    "inline-flex items-center rounded-full border px-2 py-0.5 txt-compact-xsmall-plus",
} as const
