import { appPluginOptions } from "../../../../dev/app-options"
import { parsePluginOptions, type PluginOptions } from "../../../options"
import { VARIANTS, type Variant } from "../../../shipping-api/constants"
import {
  baseRequest,
  SHIPMENT_RULE_EXAMPLES,
} from "../../../shipping-api/__fixtures__/rule-examples"
import { SHIPMENT_RULES, type ShipmentDraft } from "../../../shipping-api/rules"
import type { Address } from "../../../shipping-api/schemas/address"
import type { CartForCheckout } from "../checkout"
import type { VariantLike } from "../mapping/types"

/**
 * Carts the service would refuse, each breaking one rule the shopper or the catalog controls,
 * with the cart that fixes it. Used by the dry run's unit test (checkout.unit.spec.ts)
 * and, through a real Medusa app, by integration-tests/http/checkout-refusals.spec.ts.
 *
 * Address cases are generated from the rules' own failing examples: every example that only edits
 * the recipient's address becomes a cart with that address, so a new rule about the recipient
 * joins the corpus by itself. The rest (catalog, quantities, customs references, several
 * parcels) are written here, one per rule.
 */

/**
 * The development app's options without a default weight (a product without one cannot ship),
 * as integration-tests/http/checkout-refusals.spec.ts runs the app.
 */
export function corpusOptions(): PluginOptions {
  const raw = appPluginOptions({}) as { defaultParcel: Record<string, unknown> }
  const { weight: _weight, ...box } = raw.defaultParcel
  return parsePluginOptions({ ...raw, defaultParcel: box })
}

/** The option ids of the development app (dev/app-options.ts) that sell each variant. */
export const SERVICE_OF_VARIANT: Partial<Record<Variant, string>> = {
  expedited: "postal-ground",
  standard: "standard",
  "cross-border": "cross-border",
  "carrier-account": "carrier-account",
}

/** Catalog units: g and cm (the development app's catalogUnits). */
export type CorpusProduct = {
  title: string
  price: number
  weight?: number
  length?: number
  width?: number
  height?: number
  hs_code?: string
  origin_country?: string
  /** Variant metadata (hazmat: parcel-services.ts). */
  metadata?: Record<string, string>
}

const sample = (n: number): CorpusProduct => ({
  title: `Sample ${n}`,
  price: 2,
  weight: 10,
  length: 5,
  width: 5,
  height: 1,
  // Distinct HS codes: customs cannot merge them (doc 2: at most 30 customs items).
  hs_code: `9503.00.${String(n).padStart(2, "0")}`,
  origin_country: "us",
})

export const CORPUS_PRODUCTS = {
  shirt: {
    title: "Medusa T-Shirt",
    price: 25,
    weight: 220,
    length: 30,
    width: 25,
    height: 3,
    hs_code: "6109.10.0012",
    origin_country: "pt",
  },
  oven: {
    title: "Cast-Iron Dutch Oven",
    price: 89,
    weight: 25000,
    length: 40,
    width: 34,
    height: 22,
    hs_code: "7323.91",
    origin_country: "us",
  },
  candleNoWeight: {
    title: "Handmade Candle (no weight)",
    price: 15,
    length: 10,
    width: 10,
    height: 10,
    hs_code: "3406.00",
    origin_country: "us",
  },
  candle: {
    title: "Handmade Candle",
    price: 15,
    weight: 300,
    length: 10,
    width: 10,
    height: 10,
    hs_code: "3406.00",
    origin_country: "us",
  },
  scarfNoHs: {
    title: "Wool Scarf (no HS code)",
    price: 30,
    weight: 150,
    length: 20,
    width: 15,
    height: 3,
    origin_country: "it",
  },
  scarf: {
    title: "Wool Scarf",
    price: 30,
    weight: 150,
    length: 20,
    width: 15,
    height: 3,
    hs_code: "6117.10",
    origin_country: "it",
  },
  beltShortHs: {
    title: "Leather Belt (4-digit HS code)",
    price: 40,
    weight: 200,
    length: 30,
    width: 10,
    height: 4,
    hs_code: "4203",
    origin_country: "it",
  },
  belt: {
    title: "Leather Belt",
    price: 40,
    weight: 200,
    length: 30,
    width: 10,
    height: 4,
    hs_code: "4203.30",
    origin_country: "it",
  },
  vaseLongHs: {
    title: "Glass Vase (15-digit HS code)",
    price: 35,
    weight: 900,
    length: 25,
    width: 15,
    height: 15,
    hs_code: "7013.99.1000.12345",
    origin_country: "cz",
  },
  vase: {
    title: "Glass Vase",
    price: 35,
    weight: 900,
    length: 25,
    width: 15,
    height: 15,
    hs_code: "7013.99",
    origin_country: "cz",
  },
  teapotBadOrigin: {
    title: "Teapot (origin USA)",
    price: 28,
    weight: 700,
    length: 20,
    width: 15,
    height: 15,
    hs_code: "6911.10",
    origin_country: "USA",
  },
  teapot: {
    title: "Teapot",
    price: 28,
    weight: 700,
    length: 20,
    width: 15,
    height: 15,
    hs_code: "6911.10",
    origin_country: "us",
  },
  goldWatch: {
    title: "Gold Watch",
    price: 3000,
    weight: 100,
    length: 10,
    width: 10,
    height: 8,
    hs_code: "9101.11",
    origin_country: "ch",
  },
  steelWatch: {
    title: "Steel Watch",
    price: 2000,
    weight: 100,
    length: 10,
    width: 10,
    height: 8,
    hs_code: "9102.11",
    origin_country: "ch",
  },
  anvil: {
    title: "Blacksmith Anvil (40 kg)",
    price: 250,
    weight: 40000,
    length: 40,
    width: 20,
    height: 25,
    hs_code: "8205.60",
    origin_country: "us",
  },
  smallAnvil: {
    title: "Bench Anvil (20 kg)",
    price: 150,
    weight: 20000,
    length: 30,
    width: 15,
    height: 20,
    hs_code: "8205.60",
    origin_country: "us",
  },
  rodTube: {
    title: "Fishing Rod Tube (3 m)",
    price: 60,
    weight: 1500,
    length: 300,
    width: 10,
    height: 10,
    hs_code: "9507.10",
    origin_country: "us",
  },
  rod: {
    title: "Fishing Rod (2-piece)",
    price: 60,
    weight: 1500,
    length: 150,
    width: 10,
    height: 10,
    hs_code: "9507.10",
    origin_country: "us",
  },
  sticker: {
    title: "Sticker",
    price: 0.1,
    weight: 1,
    length: 5,
    width: 5,
    height: 1,
    hs_code: "4911.99",
    origin_country: "us",
  },
  lamp: {
    title: "Brass Lamp",
    price: 150,
    weight: 14000,
    length: 40,
    width: 30,
    height: 30,
    hs_code: "9405.11",
    origin_country: "us",
  },
  lithiumBattery: {
    title: "Lithium Battery Pack",
    price: 40,
    weight: 500,
    length: 15,
    width: 10,
    height: 5,
    hs_code: "8507.60",
    origin_country: "us",
    metadata: {
      shipping_hazmat: "hazmat",
      shipping_hazmat_type: "LIMITED_QUANTITY",
    },
  },
  powerBank: {
    title: "Power Bank",
    price: 30,
    weight: 300,
    length: 12,
    width: 7,
    height: 3,
    hs_code: "8507.60",
    origin_country: "us",
    metadata: { shipping_hazmat: "hazmat-electronics" },
  },
  ...Object.fromEntries(
    Array.from({ length: 31 }, (_, i) => [`sample${i + 1}`, sample(i + 1)])
  ),
} satisfies Record<string, CorpusProduct>

export type ProductKey = keyof typeof CORPUS_PRODUCTS

/** A shopper's address in Medusa's form (the store API's shipping_address). */
export type CartAddress = {
  first_name?: string
  last_name?: string
  company?: string
  phone?: string
  address_1?: string
  address_2?: string
  city?: string
  province?: string
  postal_code?: string
  country_code: string
}

export const CORPUS_ADDRESSES = {
  newYork: {
    first_name: "Ada",
    last_name: "Lovelace",
    address_1: "1 Main St",
    city: "New York",
    province: "us-ny",
    postal_code: "10001",
    country_code: "us",
    phone: "2125550199",
  },
  london: {
    first_name: "Jane",
    last_name: "Doe",
    address_1: "10 Downing St",
    city: "London",
    postal_code: "SW1A 2AA",
    country_code: "gb",
    phone: "442071234567",
  },
  toronto: {
    first_name: "Tom",
    last_name: "Tremblay",
    address_1: "290 Bremner Blvd",
    city: "Toronto",
    province: "ca-on",
    postal_code: "M5V 3L9",
    country_code: "ca",
    phone: "4165550111",
  },
  berlin: {
    first_name: "Lena",
    last_name: "Schmidt",
    address_1: "Unter den Linden 77",
    city: "Berlin",
    postal_code: "10117",
    country_code: "de",
    phone: "49301234567",
  },
  saoPaulo: {
    first_name: "Joao",
    last_name: "Silva",
    address_1: "Avenida Paulista 1578",
    city: "Sao Paulo",
    province: "br-sp",
    postal_code: "01310-200",
    country_code: "br",
    phone: "551130000000",
  },
} satisfies Record<string, CartAddress>

/** The countries the corpus ships to, by the store's region (one currency, USD). */
export const CORPUS_REGIONS = {
  domestic: ["us", "pr"],
  abroad: ["ca", "gb", "de", "br", "ch", "fr"],
}

export type CorpusCart = {
  name: string
  service: string
  price: "flat" | "calculated"
  address: CartAddress
  items: { product: ProductKey; quantity: number }[]
  metadata?: Record<string, string>
  /** What the dry run must say. */
  refused: { rule: string; field?: string; fix: "customer" | "merchant" }
  /** The same cart fixed: these parts replace the refused cart's. */
  fixed: Partial<Pick<CorpusCart, "address" | "items" | "metadata">>
  /** The rule example it was generated from. */
  from?: string
}

const EU_IMPORTER = {
  importer_customs_reference: "IM2760000001",
  importer_customs_reference_type: "IOSS_NUMBER",
}

/** Doc 2 Address → Medusa's address (ISO 3166-2 province, lower-case country). */
export function cartAddressOf(a: ShipmentDraft["toAddress"]): CartAddress {
  const [first, ...rest] = (a?.name ?? "").trim().split(/\s+/)
  const country = (a?.countryCode ?? "").toLowerCase()
  const lines = (a?.addressLines ?? []).filter(
    (l): l is string => typeof l === "string"
  )
  return {
    ...(first ? { first_name: first } : {}),
    ...(rest.length ? { last_name: rest.join(" ") } : {}),
    ...(a?.company ? { company: a.company } : {}),
    ...(a?.phone ? { phone: a.phone } : {}),
    address_1: lines[0] ?? "",
    ...(lines[1] ? { address_2: lines[1] } : {}),
    ...(a?.cityTown ? { city: a.cityTown } : {}),
    ...(a?.stateProvince
      ? { province: `${country}-${a.stateProvince.toLowerCase()}` }
      : {}),
    ...(a?.postalCode ? { postal_code: a.postalCode } : {}),
    country_code: country,
  }
}

/** Everything but toAddress, to tell an example that only edits the recipient. */
const withoutRecipient = (s: ShipmentDraft) =>
  JSON.stringify({ ...s, toAddress: undefined })

/**
 * One cart per failing rule example that edits nothing but the recipient's address, for the
 * variants the development app sells. The cart carries a T-shirt (weight, sizes, HS code and
 * origin set); the fixed cart has the example's base address.
 */
export function cartsFromRuleExamples(): CorpusCart[] {
  const carts: CorpusCart[] = []
  for (const rule of SHIPMENT_RULES) {
    if (rule.severity !== "error" || !rule.operations.includes("create"))
      continue
    for (const example of SHIPMENT_RULE_EXAMPLES[rule.id]?.fail ?? []) {
      const variant = example.base ?? rule.variants[0]
      const service = SERVICE_OF_VARIANT[variant]
      if (!service || !VARIANTS.includes(variant) || example.ctx) continue
      const base = baseRequest(variant)
      const edited = baseRequest(variant)
      example.edit?.(edited)
      if (withoutRecipient(base) !== withoutRecipient(edited)) continue
      if (JSON.stringify(base.toAddress) === JSON.stringify(edited.toAddress))
        continue
      carts.push({
        name: `${rule.id}: ${example.note}`,
        service,
        price: carts.length % 2 ? "calculated" : "flat",
        address: cartAddressOf(edited.toAddress),
        items: [{ product: "shirt", quantity: 1 }],
        refused: { rule: rule.id, fix: "customer" },
        fixed: { address: cartAddressOf(base.toAddress) },
        from: `${rule.id}: ${example.note}`,
      })
    }
  }
  return carts
}

const { newYork, london, toronto, berlin, saoPaulo } = CORPUS_ADDRESSES
const shirt = [{ product: "shirt" as const, quantity: 1 }]
const ovens = { product: "oven" as const, quantity: 3 }
const without = <T extends object, K extends keyof T>(
  o: T,
  k: K
): Omit<T, K> => {
  const { [k]: _gone, ...rest } = o
  return rest
}

/** The rules that depend on the catalog, the quantities, customs references, several parcels. */
export const WRITTEN_CARTS: CorpusCart[] = [
  {
    name: "cross-border without a city",
    service: "cross-border",
    price: "flat",
    address: without(london, "city"),
    items: shirt,
    refused: {
      rule: "address.required-fields",
      field: "shipping_address.city",
      fix: "customer",
    },
    fixed: { address: london },
  },
  {
    name: "cross-border without a postal code (calculated)",
    service: "cross-border",
    price: "calculated",
    address: without(london, "postal_code"),
    items: shirt,
    refused: {
      rule: "address.required-fields",
      field: "shipping_address.postal_code",
      fix: "customer",
    },
    fixed: { address: london },
  },
  {
    name: "domestic without a postal code",
    service: "postal-ground",
    price: "flat",
    address: without(newYork, "postal_code"),
    items: shirt,
    refused: {
      rule: "address.required-fields",
      field: "shipping_address.postal_code",
      fix: "customer",
    },
    fixed: { address: newYork },
  },
  {
    name: "carrier-account without a phone",
    service: "carrier-account",
    price: "flat",
    address: without(newYork, "phone"),
    items: shirt,
    refused: {
      rule: "address.required-fields",
      field: "shipping_address.phone",
      fix: "customer",
    },
    fixed: { address: newYork },
  },
  {
    name: "EU destination without the importer's VAT or IOSS number",
    service: "cross-border",
    price: "flat",
    address: berlin,
    items: shirt,
    refused: {
      rule: "customs-info.importerCustomsReference.eu-required",
      field: "metadata.importer_customs_reference",
      fix: "customer",
    },
    fixed: { metadata: EU_IMPORTER },
  },
  {
    name: "EU destination with an IOSS number but no type (calculated)",
    service: "cross-border",
    price: "calculated",
    address: berlin,
    items: shirt,
    metadata: { importer_customs_reference: "IM2760000001" },
    refused: {
      rule: "customs-info.importerCustomsReferenceType.with-vat-or-ioss",
      field: "metadata.importer_customs_reference_type",
      fix: "customer",
    },
    fixed: { metadata: EU_IMPORTER },
  },
  {
    name: "Brazil without the importer's tax id",
    service: "cross-border",
    price: "flat",
    address: saoPaulo,
    items: shirt,
    refused: {
      rule: "customs-info.importerCustomsReference.brazil-required",
      field: "metadata.importer_customs_reference",
      fix: "customer",
    },
    fixed: { metadata: { importer_customs_reference: "12345678909" } },
  },
  {
    name: "10,000 of one item on an expedited label abroad",
    service: "postal-ground",
    price: "flat",
    address: toronto,
    items: [{ product: "sticker", quantity: 10000 }],
    refused: {
      rule: "customs-item.quantity.expedited-max",
      field: "items",
      fix: "customer",
    },
    fixed: { items: [{ product: "sticker", quantity: 9999 }] },
  },
  {
    name: "31 distinct customs lines",
    service: "cross-border",
    price: "flat",
    address: london,
    items: Array.from({ length: 31 }, (_, i) => ({
      product: `sample${i + 1}` as ProductKey,
      quantity: 1,
    })),
    refused: {
      rule: "customs.customsItems.max-items",
      field: "items",
      fix: "customer",
    },
    fixed: {
      items: Array.from({ length: 30 }, (_, i) => ({
        product: `sample${i + 1}` as ProductKey,
        quantity: 1,
      })),
    },
  },
  {
    name: "a product without weight (domestic, flat)",
    service: "postal-ground",
    price: "flat",
    address: newYork,
    items: [{ product: "candleNoWeight", quantity: 1 }],
    refused: {
      rule: "builder.item.weight.missing",
      field: "items",
      fix: "merchant",
    },
    fixed: { items: [{ product: "candle", quantity: 1 }] },
  },
  {
    name: "a product without weight (cross-border, calculated)",
    service: "cross-border",
    price: "calculated",
    address: london,
    items: [{ product: "candleNoWeight", quantity: 2 }],
    refused: {
      rule: "builder.item.weight.missing",
      field: "items",
      fix: "merchant",
    },
    fixed: { items: [{ product: "candle", quantity: 2 }] },
  },
  {
    name: "EU destination, a product without HS code",
    service: "cross-border",
    price: "flat",
    address: berlin,
    items: [{ product: "scarfNoHs", quantity: 1 }],
    metadata: EU_IMPORTER,
    refused: {
      rule: "customs-item.hSTariffCode.eu-required",
      field: "items",
      fix: "merchant",
    },
    fixed: { items: [{ product: "scarf", quantity: 1 }] },
  },
  {
    name: "EU destination, a 4-digit HS code (calculated)",
    service: "cross-border",
    price: "calculated",
    address: berlin,
    items: [{ product: "beltShortHs", quantity: 1 }],
    metadata: EU_IMPORTER,
    refused: {
      rule: "customs-item.hSTariffCode.eu-required",
      field: "items",
      fix: "merchant",
    },
    fixed: { items: [{ product: "belt", quantity: 1 }] },
  },
  {
    name: "an HS code longer than 14 digits",
    service: "cross-border",
    price: "flat",
    address: london,
    items: [{ product: "vaseLongHs", quantity: 1 }],
    refused: {
      rule: "customs-item.hSTariffCode.max-length",
      field: "items",
      fix: "merchant",
    },
    fixed: { items: [{ product: "vase", quantity: 1 }] },
  },
  {
    name: "a malformed origin country",
    service: "cross-border",
    price: "flat",
    address: london,
    items: [{ product: "teapotBadOrigin", quantity: 1 }],
    refused: {
      rule: "customs-item.originCountryCode.format",
      field: "items",
      fix: "merchant",
    },
    fixed: { items: [{ product: "teapot", quantity: 1 }] },
  },
  {
    name: "an item valued above the export filing threshold",
    service: "cross-border",
    price: "flat",
    address: london,
    items: [{ product: "goldWatch", quantity: 1 }],
    refused: {
      rule: "customs-info.EELPFC.required-above-threshold",
      field: "items",
      fix: "merchant",
    },
    fixed: { items: [{ product: "steelWatch", quantity: 1 }] },
  },
  {
    name: "an item heavier than a parcel may be (domestic)",
    service: "postal-ground",
    price: "flat",
    address: newYork,
    items: [{ product: "anvil", quantity: 1 }],
    refused: {
      rule: "packing.item.over-limit",
      field: "items",
      fix: "merchant",
    },
    fixed: { items: [{ product: "smallAnvil", quantity: 1 }] },
  },
  {
    name: "an item over length plus girth (calculated)",
    service: "postal-ground",
    price: "calculated",
    address: newYork,
    items: [{ product: "rodTube", quantity: 1 }],
    refused: {
      rule: "packing.item.over-limit",
      field: "items",
      fix: "merchant",
    },
    fixed: { items: [{ product: "rod", quantity: 1 }] },
  },
  {
    name: "an item heavier than a parcel may be (cross-border, calculated)",
    service: "cross-border",
    price: "calculated",
    address: london,
    items: [{ product: "anvil", quantity: 1 }],
    refused: {
      rule: "packing.item.over-limit",
      field: "items",
      fix: "merchant",
    },
    fixed: { items: [{ product: "smallAnvil", quantity: 1 }] },
  },
  {
    name: "several parcels, one item without weight",
    service: "postal-ground",
    price: "flat",
    address: newYork,
    items: [ovens, { product: "candleNoWeight", quantity: 1 }],
    refused: {
      rule: "builder.item.weight.missing",
      field: "items",
      fix: "merchant",
    },
    fixed: { items: [ovens, { product: "candle", quantity: 1 }] },
  },
  {
    name: "several parcels, one over the weight limit",
    service: "postal-ground",
    price: "flat",
    address: newYork,
    items: [ovens, { product: "anvil", quantity: 1 }],
    refused: {
      rule: "packing.item.over-limit",
      field: "items",
      fix: "merchant",
    },
    fixed: { items: [ovens, { product: "smallAnvil", quantity: 1 }] },
  },
  {
    name: "several parcels to the EU, one holding an item without HS code",
    service: "cross-border",
    price: "flat",
    address: berlin,
    metadata: EU_IMPORTER,
    items: [ovens, { product: "scarfNoHs", quantity: 1 }],
    refused: {
      rule: "customs-item.hSTariffCode.eu-required",
      field: "items",
      fix: "merchant",
    },
    fixed: { items: [ovens, { product: "scarf", quantity: 1 }] },
  },
  {
    name: "several parcels abroad, one holding an item above the export threshold (calculated)",
    service: "cross-border",
    price: "calculated",
    address: london,
    items: [ovens, { product: "goldWatch", quantity: 1 }],
    refused: {
      rule: "customs-info.EELPFC.required-above-threshold",
      field: "items",
      fix: "merchant",
    },
    fixed: { items: [ovens, { product: "steelWatch", quantity: 1 }] },
  },
]

/** The whole corpus: generated from the rules' examples, then written. */
export function checkoutCorpus(): CorpusCart[] {
  return [...cartsFromRuleExamples(), ...WRITTEN_CARTS]
}

/** The cart as fixed. */
export function fixedCart(cart: CorpusCart): CorpusCart {
  return {
    ...cart,
    ...cart.fixed,
    metadata: { ...cart.metadata, ...cart.fixed.metadata },
  }
}

/** The catalog as the product module answers: variant id = the corpus product key. */
export async function corpusVariants(ids: string[]): Promise<VariantLike[]> {
  return ids.map((id) => {
    const p = CORPUS_PRODUCTS[id as ProductKey]
    const { title, price: _price, ...fields } = p as Record<string, unknown>
    return {
      id,
      sku: id.toUpperCase(),
      title: "Default",
      ...fields,
      product: { id: `prod_${id}`, title: title as string, handle: id },
    }
  })
}

/** A corpus cart as Medusa hands it to the provider (one line per item, in order). */
export function corpusCheckoutCart(
  c: Pick<CorpusCart, "address" | "items" | "metadata">
): CartForCheckout {
  return {
    id: "cart_01TESTCORPUS0000000000000",
    email: "shopper@example.com",
    currency_code: "usd",
    metadata: c.metadata ?? null,
    shipping_address: c.address,
    items: c.items.map((item, i) => {
      const p = CORPUS_PRODUCTS[item.product]
      return {
        id: `cali_${i}`,
        title: p.title,
        product_title: p.title,
        variant_title: "Default",
        variant_id: item.product,
        product_id: `prod_${item.product}`,
        unit_price: p.price,
        quantity: item.quantity,
        variant: { id: item.product },
      }
    }),
  }
}

export type { Address }
