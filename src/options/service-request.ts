import {
  CARRIER_OF_VARIANT,
  FACILITY_SOLUTIONS,
  SHIPMENT_OPTION,
  SHIPMENT_TYPES,
  STANDARD_LABEL_SOLUTIONS,
  type Variant,
} from "../shipping-api/constants"
import type { ShipmentDocument } from "../shipping-api/schemas/document"
import { printsNoLabel } from "../shipping-api/variant-traits"
import type { RatesEntry } from "../shipping-api/schemas/rates"
import type { PluginOptions, ServiceOption } from "./schema"

type NameValue = { name: string; value: string }

/** A path in the plugin options, as zod writes one: `["services", 2, "deliverySolution"]`. */
export type OptionPath = (string | number)[]

/**
 * The part of a shipment request that comes from the merchant's options alone: `rates[0]`,
 * `documents`, `shipmentOptions` and `shipmentType`. The plugin's shipment builder sends exactly
 * this (providers/shipping-services/mapping), and the boot check validates it (service-checks.ts),
 * so a rule that depends only on options fails at boot rather than at checkout or label time.
 */
export type ServiceRequestParts = {
  rates: [RatesEntry]
  /** Absent for cross-border solutions that print no label (doc 2). */
  documents?: ShipmentDocument[]
  shipmentOptions: NameValue[]
  /** The option path each entry of `shipmentOptions` comes from, in the same order. */
  shipmentOptionSources: OptionPath[]
  shipmentType?: (typeof SHIPMENT_TYPES)[number]
}

/** The option a shipment option's value is read from, whether it was sent or is missing. */
export function shipmentOptionSource(
  name: string,
  serviceIndex: number
): OptionPath | undefined {
  switch (name) {
    case SHIPMENT_OPTION.shipperId:
      return ["shipper", "shipperId"]
    case SHIPMENT_OPTION.clientId:
      return ["shipper", "clientId"]
    case SHIPMENT_OPTION.clientFacilityId:
      return ["shipper", "clientFacilityId"]
    case SHIPMENT_OPTION.carrierFacilityId:
      return ["shipper", "carrierFacilityId"]
    case SHIPMENT_OPTION.sellerId:
      return ["shipper", "sellerId"]
    case SHIPMENT_OPTION.deliverySolution:
      return ["services", serviceIndex, "deliverySolution"]
    case SHIPMENT_OPTION.addToManifest:
      return ["services", serviceIndex, "addToManifest"]
    default:
      return undefined
  }
}

type ShipmentOptionsOfVariant = (input: {
  add: (name: string, value: string | undefined) => void
  service: ServiceOption
  shipper: PluginOptions["shipper"]
  isReturn: boolean
}) => void

/**
 * The shipment options each variant takes from the merchant's settings (doc 2). A Record so that
 * a new variant is a compile error here (docs/architecture.md, "Adding a variant").
 */
const VARIANT_SHIPMENT_OPTIONS: Record<Variant, ShipmentOptionsOfVariant> = {
  "carrier-account": () => {},
  expedited: () => {},
  standard: ({ add, shipper, isReturn }) => {
    add(SHIPMENT_OPTION.clientFacilityId, shipper.clientFacilityId)
    add(SHIPMENT_OPTION.carrierFacilityId, shipper.carrierFacilityId)
    if (isReturn) add(SHIPMENT_OPTION.clientId, shipper.clientId)
  },
  "cross-border": ({ add, service, shipper }) => {
    add(SHIPMENT_OPTION.deliverySolution, service.deliverySolution)
    const solution = service.deliverySolution ?? ""
    if (STANDARD_LABEL_SOLUTIONS.includes(solution)) {
      add(SHIPMENT_OPTION.clientId, shipper.clientId)
      add(SHIPMENT_OPTION.clientFacilityId, shipper.clientFacilityId)
    }
    if (FACILITY_SOLUTIONS.includes(solution))
      add(SHIPMENT_OPTION.carrierFacilityId, shipper.carrierFacilityId)
    add(SHIPMENT_OPTION.sellerId, shipper.sellerId)
  },
}

/**
 * shipmentOptions for one option of the merchant (doc 2, Shipment options and the cross-border
 * option requirements). Which are required where is checked by src/shipping-api/rules; this only
 * sends what the merchant configured where the variant uses it. The merchant's own
 * `shipmentOptions` come last and never replace one set from another option.
 */
function shipmentOptionsOf(
  service: ServiceOption,
  options: Pick<PluginOptions, "shipper">,
  serviceIndex: number,
  isReturn: boolean
) {
  const out: NameValue[] = []
  const sources: OptionPath[] = []
  const add = (name: string, value: string | undefined) => {
    if (!value) return
    out.push({ name, value })
    sources.push(
      shipmentOptionSource(name, serviceIndex) ?? ["services", serviceIndex]
    )
  }
  add(SHIPMENT_OPTION.shipperId, options.shipper.shipperId)
  if (service.addToManifest) add(SHIPMENT_OPTION.addToManifest, "true")
  VARIANT_SHIPMENT_OPTIONS[service.variant]({
    add,
    service,
    shipper: options.shipper,
    isReturn,
  })
  service.shipmentOptions.forEach((o, j) => {
    if (out.some((x) => x.name === o.name)) return
    out.push(o)
    sources.push(["services", serviceIndex, "shipmentOptions", j, "value"])
  })
  return { shipmentOptions: out, shipmentOptionSources: sources }
}

export function shipmentOptionsFor(
  service: ServiceOption,
  options: PluginOptions,
  isReturn: boolean
): NameValue[] {
  return shipmentOptionsOf(
    service,
    options,
    indexOf(service, options),
    isReturn
  ).shipmentOptions
}

function indexOf(
  service: ServiceOption,
  options: Pick<PluginOptions, "services">
): number {
  const i = options.services.findIndex((s) => s.id === service.id)
  return i < 0 ? 0 : i
}

/**
 * What one service option puts in every request it makes (outbound, or a return when
 * `isReturn`). `serviceIndex` names its place in options.services for the sources (default: found
 * by id).
 */
export function serviceRequestParts(
  service: ServiceOption,
  options: Pick<PluginOptions, "services" | "shipper">,
  isReturn: boolean,
  serviceIndex = indexOf(service, options)
): ServiceRequestParts {
  const label = service.label
  const printsLabel = !printsNoLabel(service.variant, service.deliverySolution)
  return {
    rates: [
      {
        carrier: CARRIER_OF_VARIANT[service.variant],
        serviceId: service.serviceId,
        parcelType: service.parcelType,
        ...(service.rateTypeId
          ? { rateTypeId: service.rateTypeId as RatesEntry["rateTypeId"] }
          : {}),
        ...(service.specialServices.length
          ? { specialServices: service.specialServices }
          : {}),
      },
    ],
    ...(printsLabel
      ? {
          documents: [
            {
              type: label.type,
              fileFormat: label.fileFormat,
              contentType: label.contentType,
              ...(label.type === "QR_CODE"
                ? {}
                : { size: label.size ?? "DOC_4X6" }),
              ...(label.printDialogOption
                ? { printDialogOption: label.printDialogOption }
                : {}),
            },
          ],
        }
      : {}),
    ...shipmentOptionsOf(service, options, serviceIndex, isReturn),
    ...(isReturn ? { shipmentType: "RETURN" as const } : {}),
  }
}
