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
  checked: number
  /** Severity "error". */
  cannot_ship: number
  /** Variants per rule. */
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

export function catalogSourcesOf(container: MedusaContainer): CatalogSources {
  return {
    options: shippingOf(container).getOptions(),
    logger: container.resolve<Logger>(ContainerRegistrationKeys.LOGGER),
    product: container.resolve(Modules.PRODUCT),
    stockLocation: container.resolve(Modules.STOCK_LOCATION),
  }
}

/** The admin's list and product widgets read it often. */
const CACHE_MS = 60_000
let cached: { at: number; report: Promise<ReadinessReport> } | undefined

/** Every variant, drafts included (about to be sold), a page at a time. */
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

/** The first stock location with one, else options.origin. */
async function warehouseAddress(
  sources: CatalogSources
): Promise<MedusaAddressLike | undefined> {
  const locations =
    (await sources.stockLocation
      ?.listStockLocations({}, { relations: ["address"], take: 20 })
      .catch(() => [])) ?? []
  return locations.find((l) => l.address?.country_code)?.address ?? undefined
}

/** Logged at boot, so a merchant sees them before a shopper does. */
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
