import { resolveRoots } from "../../options/resolve"
import type { PluginOptions } from "../../options/schema"

export type RootName = "base" | "auth" | "webhook" | "contact" | "apac"

/** To say in words which feature a dead root stops. */
export const ROOT_SERVES: Record<RootName, string> = {
  base: "shipments, tracking, void, rates, manifests",
  auth: "the token operation",
  webhook: "webhook configuration",
  contact: "the contact update",
  apac: "standard delivery from Asia-Pacific",
}

/** Origin and path only: a merchant could put credentials in a URL. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url)
    return `${u.protocol}//${u.host}${u.pathname === "/" ? "" : u.pathname.replace(/\/+$/, "")}`
  } catch {
    return "(not a URL)"
  }
}

/** Several names often share one URL. */
export function rootsToCheck(
  options: Pick<PluginOptions, "roots">
): { name: RootName; url: string }[] {
  const r = resolveRoots(options.roots)
  const all: [RootName, string | undefined][] = [
    ["base", r.baseUrl],
    ["auth", r.authUrl],
    ["webhook", r.webhookUrl],
    ["contact", r.contactUrl],
    ["apac", r.apacUrl],
  ]
  return all
    .filter((e): e is [RootName, string] => !!e[1])
    .map(([name, url]) => ({ name, url }))
}
