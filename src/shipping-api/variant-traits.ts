import { LABELLESS_SOLUTIONS, type Variant } from "./constants"

/** When a variant's request carries customs (doc 2, per variant). */
export type CustomsWhen =
  "always" | "abroad" | "abroad-or-to-puerto-rico" | "never"

export type VariantTraits = {
  /** customs.required: when the request must carry customs. */
  customs: CustomsWhen
  /** query.includeDeliveryCommitment: a create must send it (every rates request does). */
  createNeedsDeliveryCommitment: boolean
  /** Delivery solutions whose shipment prints no label (documents not required). */
  labellessSolutions: readonly string[]
  /** The request may carry a soldToAddress, held to the variant's address table. */
  soldToAddress: boolean
  /** Every parcel of it crosses a border, whatever the addresses (Ready to ship's lane). */
  alwaysCrossBorder: boolean
}

/**
 * What the rules, the options and the lanes read of a variant, one entry per variant: the only
 * place they differ, so a fifth variant is a compile error here (docs/architecture.md, "Adding a
 * variant"). Doc 2 ("Variants", the per-variant tables) and doc 4 give each value.
 */
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

/** Whether a shipment of `variant` with this delivery solution prints no label. Pure. */
export function printsNoLabel(
  variant: Variant,
  deliverySolution: string | undefined
): boolean {
  return (
    VARIANT_TRAITS[variant].labellessSolutions as readonly string[]
  ).includes(deliverySolution ?? "")
}

/** Whether customs are required, given where the parcel goes. Pure. */
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
