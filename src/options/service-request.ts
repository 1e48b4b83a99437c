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

export type OptionPath = (string | number)[]

/** What the options alone decide of a request, so options-only rules fail at boot, not at checkout. */
export type ServiceRequestParts = {
  rates: [RatesEntry]
  /** Absent for cross-border solutions that print no label (doc 2). */
  documents?: ShipmentDocument[]
  shipmentOptions: NameValue[]
  /** Parallel to `shipmentOptions`. */
  shipmentOptionSources: OptionPath[]
  shipmentType?: (typeof SHIPMENT_TYPES)[number]
}

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

/** A Record so that a new variant is a compile error here. */
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

/** Required-ness is the rules' job; the merchant's own `shipmentOptions` never replace one set here. */
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

/** `serviceIndex` defaults to the option's place in options.services. */
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
