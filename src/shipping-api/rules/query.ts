import { VARIANTS } from "../constants"
import { SOURCE } from "../schemas/common"
import { VARIANT_TRAITS } from "../variant-traits"
import { reportWhen } from "./shapes"
import type { RuleContext } from "./types"
import { wireCarrier } from "./variant"

const BOTH = ["create", "rates"] as const

const commitment = (ctx: RuleContext) => ctx.query?.includeDeliveryCommitment

export const QUERY_RULES = [
  reportWhen({
    id: "query.includeDeliveryCommitment",
    source: SOURCE.query,
    description:
      "includeDeliveryCommitment is true or false when sent; required for cross-border creates and for every rates request (doc 4)",
    variants: VARIANTS,
    operations: BOTH,
    when: (_s, ctx) =>
      !!ctx.query &&
      (commitment(ctx) === undefined
        ? ctx.operation === "rates" ||
          VARIANT_TRAITS[ctx.variant].createNeedsDeliveryCommitment
        : commitment(ctx) !== "true" && commitment(ctx) !== "false"),
    path: "query.includeDeliveryCommitment",
    message: (_s, ctx) =>
      commitment(ctx) === undefined
        ? "includeDeliveryCommitment is required (true or false)"
        : "must be true or false",
  }),
  reportWhen({
    id: "query.carrier.cross-border",
    source: SOURCE.query,
    description:
      "cross-border requests send query carrier=XBORDER (its wire code)",
    variants: ["cross-border"],
    operations: BOTH,
    when: (_s, ctx) =>
      !!ctx.query &&
      ctx.query.carrier !== wireCarrier("XBORDER", ctx.carrierCodes),
    path: "query.carrier",
    message: (_s, ctx) => `must be ${wireCarrier("XBORDER", ctx.carrierCodes)}`,
  }),
  reportWhen({
    id: "query.carrier.apac",
    source: SOURCE.query,
    description:
      "standard delivery through {apac_url} sends query carrier with the regional carrier value",
    variants: ["standard"],
    operations: BOTH,
    when: (_s, { query, apac, regionalCarrier }) =>
      !!query &&
      !!apac &&
      (!query.carrier ||
        (regionalCarrier !== undefined && query.carrier !== regionalCarrier)),
    path: "query.carrier",
    message: (_s, { regionalCarrier }) =>
      `the regional carrier${regionalCarrier ? ` ${regionalCarrier}` : ""} is required for Asia-Pacific standard delivery`,
  }),
]
