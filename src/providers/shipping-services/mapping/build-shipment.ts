import {
  CROSS_BORDER_REFERENCE,
  INSURANCE_SPECIAL_SERVICES,
  STANDARD_LABEL_SOLUTIONS,
  STANDARD_REFERENCE_NAMES,
} from "../../../shipping-api/constants"
import { withCrossBorderAttention } from "../../../shipping-api/rules/cross-border"
import type { Variant } from "../../../shipping-api/constants"
import type { ShipmentRequest } from "../../../shipping-api/schemas/shipment"
import type { Violation } from "../../../shipping-api/violation"
import type { PluginOptions, ServiceOption } from "../../../options"
import { serviceRequestParts } from "../../../options/service-request"
import { fromMedusaAddress, type ServiceAddress } from "./address"
import { buildCustoms } from "./customs"
import { buildParcel, type BuiltParcel } from "./parcel"
import { parcelServices, type ParcelServices } from "./parcel-services"
import type { OrderLike, ShippedLine } from "./types"

const SOURCE = "ours: shipment builder (docs/fulfillment.md)"

export type BuildShipmentInput = {
  order: OrderLike
  lines: ShippedLine[]
  service: ServiceOption
  options: PluginOptions
  /** The stock location's address, or options.origin. */
  origin: ServiceAddress
  direction: "outbound" | "return"
  /** Measured from the lines when absent. */
  parcel?: BuiltParcel
}

export type BuiltShipment = {
  request: ShipmentRequest
  includeDeliveryCommitment?: boolean
  /** Lines behind each customs item, so a broken rule can name the cart's items. */
  customsItemLines?: string[][]
  specialServiceLines?: string[][]
  /** Kept on the row for the admin. */
  insured?: { amount: number; currency: string }
  hazmat?: string[]
}

export type BuildResult =
  { ok: true; value: BuiltShipment } | { ok: false; violations: Violation[] }

/** A Record so that a new variant is a compile error here. */
type VariantBuild = {
  companyFromName: boolean
  /** Customs always, not only between countries. */
  crossBorder: boolean
  soldToIsRecipient: boolean
  attentionLine: (service: ServiceOption) => boolean
  references: (displayId: string) => ShipmentRequest["references"]
}

const orderReference = (displayId: string): ShipmentRequest["references"] => [
  { name: STANDARD_REFERENCE_NAMES[0], value: `Order ${displayId}` },
]

const VARIANT_BUILD: Record<Variant, VariantBuild> = {
  "carrier-account": {
    companyFromName: true,
    crossBorder: false,
    soldToIsRecipient: true,
    attentionLine: () => false,
    references: orderReference,
  },
  expedited: {
    companyFromName: false,
    crossBorder: false,
    soldToIsRecipient: false,
    attentionLine: () => false,
    references: () => undefined,
  },
  standard: {
    companyFromName: false,
    crossBorder: false,
    soldToIsRecipient: false,
    attentionLine: () => false,
    references: orderReference,
  },
  "cross-border": {
    companyFromName: false,
    crossBorder: true,
    soldToIsRecipient: false,
    attentionLine: (service) =>
      STANDARD_LABEL_SOLUTIONS.includes(service.deliverySolution ?? ""),
    references: (displayId) => [
      {
        name: CROSS_BORDER_REFERENCE.orderNumber,
        value: displayId.replace(/\s+/g, ""),
      },
    ],
  },
}

/** Pure; whether the result obeys the documents is decided by validateShipmentRequest before sending. */
export function buildShipmentRequest(input: BuildShipmentInput): BuildResult {
  const { order, lines, service, options, origin } = input
  const violations: Violation[] = []
  if (!lines.length) {
    violations.push({
      path: "items",
      rule: "builder.items.empty",
      message: "nothing to ship: no fulfilled items",
      source: SOURCE,
    })
  }
  if (!order.shipping_address) {
    violations.push({
      path: "order.shipping_address",
      rule: "builder.order.shipping-address.missing",
      message: "the order has no shipping address",
      source: SOURCE,
    })
  }
  const parcel = input.parcel
    ? { parcel: input.parcel, violations: [] }
    : buildParcel(lines, options)
  violations.push(...parcel.violations)
  if (violations.length || !parcel.parcel) return { ok: false, violations }

  const contents = parcelServices({
    lines,
    service,
    currencyCode: order.currency_code,
  })
  if (contents.violations.length)
    return { ok: false, violations: contents.violations }

  const isReturn = input.direction === "return"
  const variant = VARIANT_BUILD[service.variant]
  const withCompany = (a: ServiceAddress): ServiceAddress =>
    variant.companyFromName && !a.company && a.name
      ? { ...a, company: a.name }
      : a
  const customer = withCompany(
    fromMedusaAddress(order.shipping_address!, { email: order.email })
  )
  const withAttention = (a: ServiceAddress): ServiceAddress =>
    variant.attentionLine(service)
      ? { ...a, addressLines: withCrossBorderAttention(a.addressLines ?? []) }
      : a
  const fromAddress = withAttention(isReturn ? customer : withCompany(origin))
  const toAddress = isReturn
    ? { ...withCompany(origin), residential: false }
    : customer
  const fromCountry = fromAddress.countryCode ?? ""
  const toCountry = toAddress.countryCode ?? ""
  const crossBorder = variant.crossBorder

  let customs: ShipmentRequest["customs"]
  let customsItemLines: string[][] | undefined
  if (crossBorder || (fromCountry && toCountry && fromCountry !== toCountry)) {
    const built = buildCustoms({
      order,
      lines,
      options,
      fromCountry,
      toCountry,
      crossBorder,
      hazmat: contents.customsHazmat,
    })
    if (built.violations.length)
      return { ok: false, violations: built.violations }
    customs = built.customs
    customsItemLines = built.itemLines
  }

  const displayId =
    order.display_id != null ? String(order.display_id) : order.id
  const references = variant.references(displayId)

  const { weightOz, dimensionIn } = parcel.parcel
  const { shipmentOptionSources: _sources, ...fromOptions } =
    serviceRequestParts(service, options, isReturn)
  const rates = withParcelServices(fromOptions.rates, contents)

  const request: ShipmentRequest = {
    fromAddress,
    toAddress,
    ...(variant.soldToIsRecipient ? { soldToAddress: toAddress } : {}),
    parcel: {
      weight: { weight: weightOz, unitOfMeasurement: "OZ" },
      ...(dimensionIn
        ? { dimension: { ...dimensionIn, unitOfMeasurement: "IN" } }
        : {}),
    },
    // The options (checked at boot) plus the parcel's own special services.
    ...fromOptions,
    rates: rates.rates,
    ...(customs ? { customs } : {}),
    ...(references ? { references } : {}),
  }
  return {
    ok: true,
    value: {
      request,
      ...(customsItemLines ? { customsItemLines } : {}),
      ...(rates.lines.some((l) => l.length)
        ? { specialServiceLines: rates.lines }
        : {}),
      ...(contents.insured ? { insured: contents.insured } : {}),
      ...(contents.hazmat.length ? { hazmat: contents.hazmat } : {}),
      ...(crossBorder
        ? { includeDeliveryCommitment: true }
        : service.includeDeliveryCommitment !== undefined
          ? { includeDeliveryCommitment: service.includeDeliveryCommitment }
          : {}),
    },
  }
}

/** The parcel's special services after the static ones; a computed INS replaces a static one. */
function withParcelServices(
  rates: ShipmentRequest["rates"],
  contents: ParcelServices
): { rates: ShipmentRequest["rates"]; lines: string[][] } {
  const [entry, ...rest] = rates
  const computedIns = contents.specialServices.some((s) =>
    INSURANCE_SPECIAL_SERVICES.includes(s.specialServiceId)
  )
  const fixed = (entry.specialServices ?? []).filter(
    (s) =>
      !(computedIns && INSURANCE_SPECIAL_SERVICES.includes(s.specialServiceId))
  )
  const all = [...fixed, ...contents.specialServices]
  return {
    rates: [
      { ...entry, ...(all.length ? { specialServices: all } : {}) },
      ...rest,
    ] as ShipmentRequest["rates"],
    lines: [...fixed.map(() => []), ...contents.lines],
  }
}
