import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { type PluginOptions } from "../../options"
import { pluginClient } from "../../lib/plugin-client"
import type { MedusaAddressLike } from "../../providers/shipping-services/mapping/address"
import type { VariantLike } from "../../providers/shipping-services/mapping/types"
import {
  catalogReadiness,
  type VariantReadiness,
} from "../../providers/shipping-services/readiness"
import { shippingOf } from "../../modules/shipping-services"

export type ReadinessReport = {
  /** Variants read from the catalog. */
  checked: number
  /** Variants with at least one problem that stops them shipping (severity "error"). */
  cannot_ship: number
  /** Problems by rule: how many variants each. */
  by_rule: Record<string, number>
  variants: VariantReadiness[]
  checked_at: string
}

const PAGE = 500
const VARIANT_SELECT = [
  "id",
  "title",
  "sku",
  "weight",
  "length",
  "height",
  "width",
  "hs_code",
  "origin_country",
  "mid_code",
  "material",
  "product.id",
  "product.title",
  "product.handle",
  "product.status",
  "product.weight",
  "product.length",
  "product.height",
  "product.width",
  "product.hs_code",
  "product.origin_country",
  "product.mid_code",
  "product.material",
  "product.metadata",
  "metadata",
  "product.type.id",
  "product.type.metadata",
]

/** What the report reads: Medusa's product and stock location modules, and the plugin's options. */
export type CatalogSources = {
  options: PluginOptions
  logger: Logger
  product: {
    listProductVariants(
      filters: Record<string, unknown>,
      config: Record<string, unknown>
    ): Promise<unknown[]>
  }
  stockLocation?: {
    listStockLocations(
      filters: Record<string, unknown>,
      config: Record<string, unknown>
    ): Promise<{ address?: MedusaAddressLike | null }[]>
  }
}

/** The sources from a request's (or any app) container. */
export function catalogSourcesOf(container: MedusaContainer): CatalogSources {
  return {
    options: shippingOf(container).getOptions(),
    logger: container.resolve<Logger>(ContainerRegistrationKeys.LOGGER),
    product: container.resolve(Modules.PRODUCT),
    stockLocation: container.resolve(Modules.STOCK_LOCATION),
  }
}

/** One report per process for a minute: the admin's list and the product widgets read it often. */
const CACHE_MS = 60_000
let cached: { at: number; report: Promise<ReadinessReport> } | undefined

/**
 * The catalog's variants that cannot ship with the configured services, every
 * variant of every product (drafts included: they are about to be sold), a page at a time.
 */
export function catalogReadinessReport(
  sources: CatalogSources,
  opts: { fresh?: boolean } = {}
): Promise<ReadinessReport> {
  if (!opts.fresh && cached && Date.now() - cached.at < CACHE_MS)
    return cached.report
  const report = buildReport(sources)
  cached = { at: Date.now(), report }
  report.catch(() => {
    if (cached?.report === report) cached = undefined
  })
  return report
}

async function buildReport(sources: CatalogSources): Promise<ReadinessReport> {
  const { options, logger } = sources
  const from = await warehouseAddress(sources)
  const variants: VariantReadiness[] = []
  let checked = 0
  for (let skip = 0; ; skip += PAGE) {
    const page = (await sources.product.listProductVariants(
      {},
      {
        select: VARIANT_SELECT,
        relations: ["product", "product.type"],
        skip,
        take: PAGE,
        order: { id: "ASC" },
      }
    )) as VariantLike[]
    checked += page.length
    variants.push(
      ...(await catalogReadiness(
        { options, client: () => pluginClient(options, logger) },
        page,
        from
      ))
    )
    if (page.length < PAGE) break
  }
  const byRule: Record<string, number> = {}
  for (const v of variants)
    for (const rule of new Set(v.problems.map((p) => p.rule)))
      byRule[rule] = (byRule[rule] ?? 0) + 1
  return {
    checked,
    cannot_ship: variants.filter((v) =>
      v.problems.some((p) => p.severity === "error")
    ).length,
    by_rule: byRule,
    variants,
    checked_at: new Date().toISOString(),
  }
}

/** The address parcels leave from: the first stock location that has one (else options.origin). */
async function warehouseAddress(
  sources: CatalogSources
): Promise<MedusaAddressLike | undefined> {
  const locations =
    (await sources.stockLocation
      ?.listStockLocations({}, { relations: ["address"], take: 20 })
      .catch(() => [])) ?? []
  return locations.find((l) => l.address?.country_code)?.address ?? undefined
}

/** Boot: the counts in one log line, so a merchant sees them before a shopper meets them. */
export async function logCatalogReadiness(
  sources: CatalogSources
): Promise<void> {
  const { logger } = sources
  const report = await catalogReadinessReport(sources, { fresh: true })
  if (!report.cannot_ship) {
    logger.info(
      `shipping-services: every one of the catalog's ${report.checked} variants can ship with the configured services`
    )
    return
  }
  const rules = Object.entries(report.by_rule)
    .sort((a, b) => b[1] - a[1])
    .map(([rule, n]) => `${rule}: ${n}`)
    .join(", ")
  logger.warn(
    `shipping-services: ${report.cannot_ship} of ${report.checked} variants cannot ship with some configured service (${rules}). Settings → Shipping services → Products that cannot ship lists them; checkout refuses them.`
  )
}
