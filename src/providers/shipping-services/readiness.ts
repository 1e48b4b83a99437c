import type { PluginOptions, ServiceOption } from "../../options"
import type { ShippingClient } from "../../shipping-api/client"
import { VARIANT_TRAITS } from "../../shipping-api/variant-traits"
import { checkCart, type CartForCheckout } from "./checkout"
import type { MedusaAddressLike } from "./mapping/address"
import type { VariantLike } from "./mapping/types"
import { HAZMAT_KEY, HAZMAT_TYPE_KEY } from "./mapping/parcel-services"

/** Variants that cannot ship with a configured service, found by running checkout's dry run per lane; nothing sent. */
export type ReadinessProblem = {
  service_id: string
  service_name: string
  /** E.g. "domestic (US)", "EU (DE)". */
  destination: string
  rule: string
  /** In the rule's own words. */
  message: string
  /** "advice": it ships, but customs may hold it (ours: a missing origin the documents do not require). */
  severity: "error" | "advice"
}

export type VariantReadiness = {
  variant_id: string
  product_id: string | null
  product_title: string | null
  variant_title: string | null
  sku: string | null
  problems: ReadinessProblem[]
}

/** Ours, not a rule of the documents. */
export const ORIGIN_ADVICE = "readiness.origin-country.advised"

/** A complete shopper address, so the shopper's part is never the problem. */
type Destination = {
  label: string
  address: MedusaAddressLike
  metadata?: Record<string, unknown>
}

const ABROAD: Destination[] = [
  {
    label: "EU (DE)",
    address: {
      first_name: "Lena",
      last_name: "Schmidt",
      phone: "49301234567",
      address_1: "Unter den Linden 77",
      city: "Berlin",
      postal_code: "10117",
      country_code: "de",
    },
    // The importer's reference is the shopper's to give, not the catalog's.
    metadata: {
      importer_customs_reference: "IM2760000001",
      importer_customs_reference_type: "IOSS_NUMBER",
    },
  },
  {
    label: "outside the EU (CA)",
    address: {
      first_name: "Tom",
      last_name: "Tremblay",
      phone: "4165550111",
      address_1: "290 Bremner Blvd",
      city: "Toronto",
      province: "ca-on",
      postal_code: "M5V 3L9",
      country_code: "ca",
    },
  },
]

function domestic(country: string): Destination {
  return {
    label: `domestic (${country.toUpperCase()})`,
    address: {
      first_name: "Ada",
      last_name: "Lovelace",
      company: "Readiness Check",
      phone: "2125550199",
      address_1: "1 Main St",
      city: "Springfield",
      province: country.toLowerCase() === "us" ? "us-ny" : "",
      postal_code: "10001",
      country_code: country.toLowerCase(),
    },
  }
}

/** Its own country, plus abroad for cross-border. */
export function destinationsOf(
  service: ServiceOption,
  originCountry: string
): Destination[] {
  return VARIANT_TRAITS[service.variant].alwaysCrossBorder
    ? ABROAD.filter(
        (d) => d.address.country_code !== originCountry.toLowerCase()
      )
    : [domestic(originCountry)]
}

/** Same catalog data is checked once. */
function signatureOf(v: VariantLike): string {
  const p = v.product ?? {}
  const pick = (o: Record<string, unknown>) =>
    ["weight", "length", "width", "height", "hs_code", "origin_country"].map(
      (k) => o[k] ?? ""
    )
  const hazmat = [v.metadata, p.metadata, p.type?.metadata].map((m) => [
    m?.[HAZMAT_KEY] ?? "",
    m?.[HAZMAT_TYPE_KEY] ?? "",
  ])
  return JSON.stringify([pick(v as Record<string, unknown>), pick(p), hazmat])
}

export async function catalogReadiness(
  deps: {
    options: PluginOptions
    client: () => Pick<ShippingClient, "checkShipment">
  },
  variants: readonly VariantLike[],
  from: MedusaAddressLike | null | undefined
): Promise<VariantReadiness[]> {
  const originCountry =
    from?.country_code ?? deps.options.origin?.countryCode ?? "us"
  const services = deps.options.services.filter((s) => !s.isReturn)
  const bySignature = new Map<string, ReadinessProblem[]>()
  const out: VariantReadiness[] = []
  for (const variant of variants) {
    const signature = signatureOf(variant)
    let problems = bySignature.get(signature)
    if (!problems) {
      problems = []
      for (const service of services) {
        for (const destination of destinationsOf(service, originCountry)) {
          const check = await checkCart(
            {
              options: deps.options,
              // Catalog data already loaded; judged from one warehouse, no stock read.
              ports: {
                variants: async () => [variant],
                products: async () => [],
                shopLocations: async () => [],
                variantStock: async () => [],
              },
              client: deps.client,
            },
            service,
            cartOf(variant, destination),
            { address: from }
          )
          for (const p of check.problems) {
            if (p.fix !== "merchant") continue
            problems.push({
              service_id: service.id,
              service_name: service.name,
              destination: destination.label,
              rule: p.rule,
              message: p.detail,
              severity: "error",
            })
          }
        }
        if (
          VARIANT_TRAITS[service.variant].customs !== "never" &&
          !variant.origin_country &&
          !variant.product?.origin_country
        )
          problems.push({
            service_id: service.id,
            service_name: service.name,
            destination: "abroad",
            rule: ORIGIN_ADVICE,
            message:
              "no country of origin (origin_country) on the variant or product: customs declarations should name it",
            severity: "advice",
          })
      }
      bySignature.set(signature, problems)
    }
    if (problems.length)
      out.push({
        variant_id: variant.id ?? "",
        product_id: variant.product?.id ?? null,
        product_title: variant.product?.title ?? null,
        variant_title: variant.title ?? null,
        sku: variant.sku ?? null,
        problems,
      })
  }
  return out
}

function cartOf(
  variant: VariantLike,
  destination: Destination
): CartForCheckout {
  const title = variant.product?.title ?? variant.title ?? variant.id ?? "item"
  return {
    id: "cart_readiness",
    email: "readiness@example.com",
    currency_code: "usd",
    metadata: destination.metadata ?? null,
    shipping_address: destination.address,
    items: [
      {
        id: `readiness_${variant.id}`,
        title,
        product_title: variant.product?.title ?? null,
        variant_title: variant.title ?? null,
        variant_id: variant.id ?? null,
        product_id: variant.product?.id ?? null,
        unit_price: 10,
        quantity: 1,
        variant: { id: variant.id },
      },
    ],
  }
}
