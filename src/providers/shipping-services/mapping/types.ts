import type { MedusaAddressLike } from "./address"

/** The order parts the builder reads; structural so tests and the rates path can pass plain objects. */
export type CatalogFields = {
  weight?: number | null
  length?: number | null
  height?: number | null
  width?: number | null
  hs_code?: string | null
  origin_country?: string | null
  mid_code?: string | null
  material?: string | null
}

export type ProductLike = CatalogFields & {
  id?: string | null
  title?: string | null
  handle?: string | null
  metadata?: Record<string, unknown> | null
  /** Hazmat may be marked on it. */
  type?: {
    id?: string | null
    metadata?: Record<string, unknown> | null
  } | null
}

export type VariantLike = CatalogFields & {
  id?: string | null
  sku?: string | null
  title?: string | null
  metadata?: Record<string, unknown> | null
  product?: ProductLike | null
}

export type OrderLineLike = {
  id: string
  title?: string | null
  product_title?: string | null
  variant_title?: string | null
  product_handle?: string | null
  variant_sku?: string | null
  variant_id?: string | null
  product_id?: string | null
  unit_price?: number | string | null
  quantity?: number | string | null
  variant?: VariantLike | null
  /** Looked up when the order query left it out. */
  product?: ProductLike | null
}

export type OrderLike = {
  id: string
  display_id?: number | string | null
  currency_code?: string | null
  email?: string | null
  metadata?: Record<string, unknown> | null
  shipping_address?: MedusaAddressLike | null
  items?: OrderLineLike[] | null
}

export type ShippedLine = { line: OrderLineLike; quantity: number }
