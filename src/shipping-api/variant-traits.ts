import { LABELLESS_SOLUTIONS, type Variant } from "./constants"

/** Doc 2, per variant. */
export type CustomsWhen =
  "always" | "abroad" | "abroad-or-to-puerto-rico" | "never"

export type VariantTraits = {
  customs: CustomsWhen
  /** A create must send query.includeDeliveryCommitment (every rates request does). */
  createNeedsDeliveryCommitment: boolean
  labellessSolutions: readonly string[]
  /** Held to the variant's address table. */
  soldToAddress: boolean
  /** Whatever the addresses (Ready to ship's lane). */
  alwaysCrossBorder: boolean
}

/** The only place variants differ, so a fifth variant is a compile error here. */
export const VARIANT_TRAITS = {
  "carrier-account": {
    customs: "abroad-or-to-puerto-rico",
    createNeedsDeliveryCommitment: false,
    labellessSolutions: [],
    soldToAddress: true,
    alwaysCrossBorder: false,
  },
  expedited: {
    customs: "abroad",
    createNeedsDeliveryCommitment: false,
    labellessSolutions: [],
    soldToAddress: false,
    alwaysCrossBorder: false,
  },
  standard: {
    customs: "never",
    createNeedsDeliveryCommitment: false,
    labellessSolutions: [],
    soldToAddress: false,
    alwaysCrossBorder: false,
  },
  "cross-border": {
    customs: "always",
    createNeedsDeliveryCommitment: true,
    labellessSolutions: LABELLESS_SOLUTIONS,
    soldToAddress: false,
    alwaysCrossBorder: true,
  },
} as const satisfies Record<Variant, VariantTraits>

export function printsNoLabel(
  variant: Variant,
  deliverySolution: string | undefined
): boolean {
  return (
    VARIANT_TRAITS[variant].labellessSolutions as readonly string[]
  ).includes(deliverySolution ?? "")
}

export function customsRequired(
  variant: Variant,
  where: { international: boolean; usToPuertoRico: boolean }
): boolean {
  const when: CustomsWhen = VARIANT_TRAITS[variant].customs
  switch (when) {
    case "always":
      return true
    case "abroad":
      return where.international
    case "abroad-or-to-puerto-rico":
      return where.international || where.usToPuertoRico
    case "never":
      return false
  }
}
