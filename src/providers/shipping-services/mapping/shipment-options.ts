import {
  FACILITY_SOLUTIONS,
  SHIPMENT_OPTION,
  STANDARD_LABEL_SOLUTIONS,
} from "../../../shipping-api/constants"
import type { PluginOptions, ServiceOption } from "../../../options"

type NameValue = { name: string; value: string }

/**
 * shipmentOptions for one option of the merchant (doc 2, Shipment options and the cross-border
 * option requirements). Which are required where is checked by src/shipping-api/rules; this
 * only sends what the merchant configured where the variant uses it.
 */
export function shipmentOptionsFor(service: ServiceOption, options: PluginOptions, isReturn: boolean): NameValue[] {
  const out: NameValue[] = [{ name: SHIPMENT_OPTION.shipperId, value: options.shipper.shipperId }]
  const add = (name: string, value: string | undefined) => {
    if (value) out.push({ name, value })
  }
  if (service.addToManifest) add(SHIPMENT_OPTION.addToManifest, "true")
  const { clientId, clientFacilityId, carrierFacilityId, sellerId } = options.shipper
  if (service.variant === "standard") {
    add(SHIPMENT_OPTION.clientFacilityId, clientFacilityId)
    add(SHIPMENT_OPTION.carrierFacilityId, carrierFacilityId)
    if (isReturn) add(SHIPMENT_OPTION.clientId, clientId)
  }
  if (service.variant === "cross-border") {
    add(SHIPMENT_OPTION.deliverySolution, service.deliverySolution)
    const solution = service.deliverySolution ?? ""
    if (STANDARD_LABEL_SOLUTIONS.includes(solution)) {
      add(SHIPMENT_OPTION.clientId, clientId)
      add(SHIPMENT_OPTION.clientFacilityId, clientFacilityId)
    }
    if (FACILITY_SOLUTIONS.includes(solution)) add(SHIPMENT_OPTION.carrierFacilityId, carrierFacilityId)
    add(SHIPMENT_OPTION.sellerId, sellerId)
  }
  for (const o of service.shipmentOptions) {
    if (!out.some((x) => x.name === o.name)) out.push(o)
  }
  return out
}
