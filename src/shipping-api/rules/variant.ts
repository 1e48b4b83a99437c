import {
  CARRIERS,
  VARIANTS,
  VARIANT_OF_CARRIER,
  type Carrier,
  type Variant,
} from "../constants"
import { SOURCE } from "../schemas/common"
import { firstRate, str } from "./read"
import { reportWhen } from "./shapes"
import type { CarrierCodes, ShipmentDraft } from "./types"

/** Itself unless mapped. */
export function wireCarrier(carrier: Carrier, codes?: CarrierCodes): string {
  return codes?.[carrier] ?? carrier
}

/** A neutral id mapped to another code is no longer accepted as itself: the service would not know it. */
export function neutralCarrier(
  value: unknown,
  codes?: CarrierCodes
): Carrier | undefined {
  if (typeof value !== "string") return undefined
  return CARRIERS.find((c) => wireCarrier(c, codes) === value)
}

/** Doc 2, "What the service does": rates[0].carrier selects the variant. */
export function detectVariant(
  shipment: ShipmentDraft,
  codes?: CarrierCodes
): Variant | undefined {
  const carrier = neutralCarrier(firstRate(shipment)?.carrier, codes)
  return carrier && VARIANT_OF_CARRIER[carrier]
}

/** Runs first: without a known carrier no variant's rules can apply. */
export const carrierKnownRule = reportWhen({
  id: "rates.carrier.known",
  source: SOURCE.variants,
  description:
    "rates[0].carrier selects the variant: CARRIER_A, POSTAL, STANDARD or XBORDER (or their mapped wire codes)",
  variants: VARIANTS,
  operations: ["create", "rates"],
  when: (s, ctx) => !neutralCarrier(firstRate(s)?.carrier, ctx.carrierCodes),
  path: "rates[0].carrier",
  message: (s, ctx) =>
    `"${str(firstRate(s)?.carrier) ?? ""}" is not a known carrier; expected one of ${CARRIERS.map((c) => wireCarrier(c, ctx.carrierCodes)).join(", ")}`,
})
