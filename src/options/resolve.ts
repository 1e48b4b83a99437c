import { parsePluginOptions } from "./parse"
import type { PluginOptions } from "./schema"

export const SHIPPING_SERVICES_MODULE = "shippingServices"
/** A provider id is `<identifier>_<id>`. */
export const PROVIDER_IDENTIFIER = "shipping-services"

export const isOurProvider = (providerId: string | null | undefined) =>
  !!providerId?.startsWith(`${PROVIDER_IDENTIFIER}_`)

type ConfigModuleLike = {
  modules?: Record<string, unknown>
  plugins?: unknown[]
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v)
}

/** Arrays and scalars of `over` replace those of `base`. */
export function mergeOptions(base: unknown, over: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(over)) {
    return over === undefined ? base : over
  }
  const out: Record<string, unknown> = { ...base }
  for (const [k, v] of Object.entries(over)) {
    out[k] = mergeOptions(base[k], v)
  }
  return out
}

/** Medusa passes plugin options only to the module: providers read the plugin entry, then their own. */
export function rawOptionsFromConfig(
  configModule: ConfigModuleLike | undefined,
  overrides?: unknown
): unknown {
  const entry = configModule?.modules?.[SHIPPING_SERVICES_MODULE]
  const fromModule =
    isPlainObject(entry) && isPlainObject(entry.options) ? entry.options : {}
  const fromOverrides = isPlainObject(overrides) ? overrides : {}
  return mergeOptions(fromModule, fromOverrides)
}

export function optionsFromConfig(
  configModule: ConfigModuleLike | undefined,
  overrides?: unknown
): PluginOptions {
  return parsePluginOptions(rawOptionsFromConfig(configModule, overrides))
}

export type ResolvedRoots = {
  baseUrl: string
  authUrl: string
  webhookUrl: string
  contactUrl: string
  apacUrl?: string
}

/** Auth defaults to the origin of base, webhook and contact to base. */
export function resolveRoots(roots: PluginOptions["roots"]): ResolvedRoots {
  return {
    baseUrl: roots.baseUrl,
    authUrl: roots.authUrl ?? new URL(roots.baseUrl).origin,
    webhookUrl: roots.webhookUrl ?? roots.baseUrl,
    contactUrl: roots.contactUrl ?? roots.baseUrl,
    apacUrl: roots.apacUrl,
  }
}
