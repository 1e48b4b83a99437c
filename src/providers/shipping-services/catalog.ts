import type { OrderLike, OrderLineLike, VariantLike } from "./mapping/types"
import type { ProviderPorts } from "./ports"

/**
 * Adds the catalog's variant and product data to every line: Medusa hands carts and orders different fields,
 * so both read the catalog here and the request checked at checkout is the one bought. One query.
 */
export async function withCatalog(
  ports: Pick<ProviderPorts, "variants" | "products">,
  order: OrderLike
): Promise<OrderLike> {
  const items = order.items ?? []
  const variantIds = unique(items.map((i) => i.variant_id ?? i.variant?.id))
  const variants = new Map(
    (variantIds.length ? await ports.variants(variantIds) : []).map((v) => [
      v.id,
      v,
    ])
  )
  const productIds = unique(
    items
      .filter((i) => !variants.has(i.variant_id ?? i.variant?.id ?? ""))
      .map((i) => i.product_id)
  )
  const products = new Map(
    (productIds.length ? await ports.products(productIds) : []).map((p) => [
      p.id,
      p,
    ])
  )
  return {
    ...order,
    items: items.map((line) =>
      withLineCatalog(
        line,
        variants.get(line.variant_id ?? line.variant?.id ?? ""),
        products.get(line.product_id ?? "")
      )
    ),
  }
}

function withLineCatalog(
  line: OrderLineLike,
  variant: VariantLike | undefined,
  product: OrderLineLike["product"] | undefined
): OrderLineLike {
  if (variant) {
    const { product: catalogProduct, ...fields } = variant
    return {
      ...line,
      variant: {
        ...line.variant,
        ...fields,
        product: { ...line.variant?.product, ...catalogProduct },
      },
      product: { ...line.product, ...catalogProduct },
    }
  }
  return product ? { ...line, product: { ...line.product, ...product } } : line
}

function unique(values: readonly (string | null | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => !!v))]
}
