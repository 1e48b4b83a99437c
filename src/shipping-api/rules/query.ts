import { VARIANTS } from "../constants"
import { SOURCE } from "../schemas/common"
import { VARIANT_TRAITS } from "../variant-traits"
import { wireCarrier } from "./variant"
import { defineRule } from "./types"

export const includeDeliveryCommitmentRule = defineRule({
  id: "query.includeDeliveryCommitment",
  source: SOURCE.query,
  description:
    "includeDeliveryCommitment is true or false when sent; required for cross-border creates and for every rates request (doc 4)",
  variants: VARIANTS,
  operations: ["create", "rates"],
  test(_s, ctx, report) {
    if (!ctx.query) return
    const value = ctx.query.includeDeliveryCommitment
    const required =
      ctx.operation === "rates" ||
      VARIANT_TRAITS[ctx.variant].createNeedsDeliveryCommitment
    if (value === undefined) {
      if (required)
        report(
          "query.includeDeliveryCommitment",
          "includeDeliveryCommitment is required (true or false)"
        )
    } else if (value !== "true" && value !== "false") {
      report("query.includeDeliveryCommitment", "must be true or false")
    }
  },
})

export const crossBorderCarrierQueryRule = defineRule({
  id: "query.carrier.cross-border",
  source: SOURCE.query,
  description:
    "cross-border requests send query carrier=XBORDER (its wire code)",
  variants: ["cross-border"],
  operations: ["create", "rates"],
  test(_s, ctx, report) {
    if (!ctx.query) return
    const expected = wireCarrier("XBORDER", ctx.carrierCodes)
    if (ctx.query.carrier !== expected)
      report("query.carrier", `must be ${expected}`)
  },
})

export const apacCarrierQueryRule = defineRule({
  id: "query.carrier.apac",
  source: SOURCE.query,
  description:
    "standard delivery through {apac_url} sends query carrier with the regional carrier value",
  variants: ["standard"],
  operations: ["create", "rates"],
  test(_s, ctx, report) {
    if (!ctx.query || !ctx.apac) return
    const carrier = ctx.query.carrier
    if (
      !carrier ||
      (ctx.regionalCarrier !== undefined && carrier !== ctx.regionalCarrier)
    ) {
      report(
        "query.carrier",
        `the regional carrier${ctx.regionalCarrier ? ` ${ctx.regionalCarrier}` : ""} is required for Asia-Pacific standard delivery`
      )
    }
  },
})

export const QUERY_RULES = [
  includeDeliveryCommitmentRule,
  crossBorderCarrierQueryRule,
  apacCarrierQueryRule,
]
