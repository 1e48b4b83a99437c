import type { ShipmentResponse } from "../../../shipping-api/schemas/shipment"
import type { ServiceOption } from "../../../options"

/** From rates[0] of the response. */
export type Charges = {
  baseCharge?: number
  totalCarrierCharge?: number
  totalTaxAmount?: number
  totalDutyAmount?: number
  currencyCode?: string
  surcharges: { name?: string; fee?: number }[]
  specialServices: { specialServiceId?: string; fee?: number }[]
}

export type LabelFields = {
  label_type: string
  label_format: string
  label_size: string | null
  label_content_type: string
  pages: string[]
  /** Valid 24 hours. */
  source_url: string | null
}

/** From a create, retry or reprint response. Pure. */
export function recordFieldsOf(
  response: ShipmentResponse,
  service: ServiceOption
) {
  const rate = response.rates?.[0]
  const charges: Charges | null = rate
    ? {
        baseCharge: rate.baseCharge,
        totalCarrierCharge: rate.totalCarrierCharge,
        totalTaxAmount: rate.totalTaxAmount,
        totalDutyAmount: rate.totalDutyAmount,
        currencyCode: rate.currencyCode,
        surcharges: (rate.surcharges ?? []).map((s) => ({
          name: s.name,
          fee: s.fee,
        })),
        specialServices: (rate.specialServices ?? []).map((s) => ({
          specialServiceId: s.specialServiceId,
          fee: s.fee,
        })),
      }
    : null
  return {
    shipment_id: response.shipmentId ?? null,
    tracking_number: response.parcelTrackingNumber ?? null,
    charges,
    delivery_commitment:
      (rate?.deliveryCommitment as Record<string, unknown> | undefined) ?? null,
    label: labelFieldsOf(response, service),
  }
}

export function labelFieldsOf(
  response: ShipmentResponse,
  service: ServiceOption
): LabelFields | null {
  const doc = response.documents?.[0]
  if (!doc) return null
  const pages = (doc.pages ?? [])
    .map((p) => p.contents)
    .filter((c): c is string => !!c)
  return {
    label_type: doc.type ?? service.label.type,
    label_format: doc.fileFormat ?? service.label.fileFormat,
    label_size: doc.size ?? service.label.size ?? null,
    label_content_type: doc.contentType ?? service.label.contentType,
    pages,
    source_url: pages.length ? null : (doc.contents ?? null),
  }
}
