import { LANE_LABEL } from "./plan"
import type { OptionPlan, SetupPlan } from "./types"

const upper = (c: string) => c.toUpperCase()

function priceOf(o: OptionPlan): string {
  if (o.price_type === "calculated")
    return `calculated by the rates operation${o.rate_currency ? ` (${upper(o.rate_currency)})` : ""}`
  const typed = o.prices.map((p) => `${p.amount} ${upper(p.currency_code)}`)
  const needed = o.amounts_needed.map((c) => `? ${upper(c)}`)
  return `flat ${[...typed, ...needed].join(", ")}`
}

const STATUS: Record<OptionPlan["status"], string> = {
  create: "create",
  exists: "exists",
  foreign: "exists, not made by the setup",
  not_offered: "not offered",
}

/** One line each, as the setup command prints it. */
export function describePlan(plan: SetupPlan): string[] {
  const lines: string[] = []
  const profile = plan.shipping_profile
  if (profile)
    lines.push(
      `Shipping profile “${profile.name}”: ${profile.action === "create" ? "create" : "exists"}`
    )
  for (const l of plan.locations) {
    lines.push(
      `Stock location “${l.name}” (${l.id}${l.country_code ? `, ${upper(l.country_code)}` : ""})`
    )
    lines.push(
      `  provider ${plan.provider_id}: ${l.provider_link === "create" ? "enable (link)" : "enabled"}`
    )
    if (l.sales_channel_link)
      lines.push(
        `  sales channel ${l.sales_channel_link.sales_channel_id}: ${l.sales_channel_link.action === "create" ? "link" : "linked"}`
      )
    if (l.fulfillment_set)
      lines.push(
        `  fulfillment set “${l.fulfillment_set.name}”: ${l.fulfillment_set.action}`
      )
    for (const z of l.zones)
      lines.push(
        `  zone “${z.name}” (${LANE_LABEL[z.lane].toLowerCase()}: ${z.countries.map(upper).join(", ")}): ${z.action}${z.add_countries.length ? `, add ${z.add_countries.map(upper).join(", ")}` : ""}`
      )
    for (const o of l.options) {
      const head = `  ${STATUS[o.status]}: “${o.name}”${o.is_return ? " (return)" : ""}, ${LANE_LABEL[o.lane].toLowerCase()}`
      if (o.status === "create")
        lines.push(
          `${head} to ${o.countries.map(upper).join(", ")}, ${priceOf(o)}${o.in_store === false ? ", admin only" : ""}${o.reason ? ` — flat because ${o.reason}` : ""}`
        )
      else if (o.status === "not_offered") lines.push(`${head} — ${o.reason}`)
      else lines.push(`${head}${o.id ? ` (${o.id})` : ""}`)
    }
  }
  for (const m of plan.missing) lines.push(`Missing: ${m}`)
  for (const n of plan.notes) lines.push(`Note: ${n}`)
  const t = plan.to_create
  lines.push(
    `To create: ${t.shipping_options} shipping option(s), ${t.service_zones} service zone(s), ${t.fulfillment_sets} fulfillment set(s), ${t.provider_links + t.sales_channel_links} link(s), ${t.geo_zones} countr${t.geo_zones === 1 ? "y" : "ies"} added to zones${t.shipping_profile ? ", the default shipping profile" : ""}.`
  )
  return lines
}
