import type { Address, DocumentSpec } from "./state/model"

/**
 * The fields of a doc 2 Shipment request the sandbox reads after src/shipping-api has accepted it.
 * Only a reading view: validation is src/shipping-api's job, so nothing here checks anything.
 */
export type NameValue = { name: string; value: string }
export type SpecialService = {
  specialServiceId: string
  inputParameters?: NameValue[]
  fee?: number
}

export type ShipmentRequest = {
  fromAddress?: Address
  toAddress?: Address
  altReturnAddress?: Address
  soldToAddress?: Address
  parcel?: {
    weight?: { weight?: number; unitOfMeasurement?: string }
    dimension?: {
      length?: number
      width?: number
      height?: number
      unitOfMeasurement?: string
      irregularParcelGirth?: number
    }
    currencyCode?: string
  }
  rates?: Array<{
    carrier?: string
    serviceId?: string
    parcelType?: string
    rateTypeId?: string
    specialServices?: SpecialService[]
  }>
  documents?: DocumentSpec[]
  shipmentOptions?: NameValue[]
  customs?: {
    customsInfo?: { currencyCode?: string; [k: string]: unknown }
    customsItems?: Array<{
      description?: string
      quantity?: number
      unitPrice?: number
      [k: string]: unknown
    }>
  }
  references?: NameValue[]
  shipmentType?: string
  [k: string]: unknown
}

export function optionOf(
  req: ShipmentRequest,
  name: string
): string | undefined {
  return req.shipmentOptions?.find((o) => o?.name === name)?.value
}

export function customsValue(req: ShipmentRequest): number {
  let total = 0
  for (const i of req.customs?.customsItems ?? [])
    total += (Number(i.unitPrice) || 0) * (Number(i.quantity) || 0)
  return Math.round(total * 100) / 100
}
