import type { PluginOptions } from "../../options/schema"
import { labelUrlOf, trackingUrlOf } from "../labels/urls"

/** `fulfillment.data` is in the store API's answer to anyone with the order id: ids only, never tracking numbers, labels or secrets. */
export const DATA_KEY = "shipping_services"

export type ShipmentDataRef = {
  /** A cancel voids only the labels of its own fulfillment. */
  fulfillment_id: string | null
  /** The plugin's shipment rows, one per parcel, in parcel order. */
  shipment_ids: string[]
  /** The first parcel's, for readers of versions before several parcels. */
  shipment_id: string
  carrier: string
  service_id: string
  option_id: string
  is_return: boolean
}

/** An exchange's or claim's return fulfillment whose label is bought after Medusa confirms it (Medusa does not say which return it is). */
export type AwaitingReturnLabel = {
  awaiting_return_label: true
  option_id: string
  /** Failed purchases so far (a service not answering spends none). */
  attempts?: number
  /** The last failure, in the service's or Medusa's words. */
  last_error?: { message: string; at: string; away?: boolean } | null
}

/** The data of a return fulfillment whose label is bought later (see AwaitingReturnLabel). */
export function awaitingReturnLabelData(
  data: Record<string, unknown> | undefined | null,
  optionId: string
): Record<string, unknown> {
  const marker: AwaitingReturnLabel = {
    awaiting_return_label: true,
    option_id: optionId,
  }
  return { ...(data ?? {}), [DATA_KEY]: marker }
}

/** The waiting marker of a fulfillment's data, or undefined when it waits for no return label. */
export function awaitingReturnLabelOf(
  data: Record<string, unknown> | undefined | null
): AwaitingReturnLabel | undefined {
  const value = data?.[DATA_KEY] as Partial<AwaitingReturnLabel> | undefined
  return value?.awaiting_return_label === true &&
    typeof value.option_id === "string" &&
    !shipmentRefOf(data)
    ? (value as AwaitingReturnLabel)
    : undefined
}

/** The fields of a shipment row this module reads. */
export type LabelRow = {
  id: string
  tracking_number: string | null
  carrier: string
  service_id: string
  option_id: string
  is_return: boolean
}

export function shipmentRefOf(
  data: Record<string, unknown> | undefined | null
): ShipmentDataRef | undefined {
  const ref = data?.[DATA_KEY] as Partial<ShipmentDataRef> | undefined
  if (!ref || typeof ref.shipment_id !== "string") return undefined
  const ids =
    Array.isArray(ref.shipment_ids) && ref.shipment_ids.length
      ? ref.shipment_ids
      : [ref.shipment_id]
  // Data of earlier versions also held tracking numbers: never passed on.
  const {
    tracking_number: _n,
    tracking_numbers: _ns,
    ...rest
  } = ref as ShipmentDataRef & Record<string, unknown>
  return {
    ...rest,
    fulfillment_id: ref.fulfillment_id ?? null,
    shipment_ids: ids,
  }
}

/** Whether a fulfillment's data names this shipment record, i.e. Medusa stored that label on it. */
export function holdsShipment(
  data: Record<string, unknown> | undefined | null,
  shipmentId: string
): boolean {
  return !!shipmentRefOf(data)?.shipment_ids.includes(shipmentId)
}

/** The data ref of the parcels of one fulfillment (rows in parcel order). */
export function dataRefOf(
  rows: readonly LabelRow[],
  fulfillmentId: string | null
): ShipmentDataRef {
  const first = rows[0]
  return {
    fulfillment_id: fulfillmentId,
    shipment_ids: rows.map((r) => r.id),
    shipment_id: first.id,
    carrier: first.carrier,
    service_id: first.service_id,
    option_id: first.option_id,
    is_return: first.is_return,
  }
}

export type MedusaLabel = {
  tracking_number: string
  tracking_url: string
  label_url: string
}

/** Medusa's fulfillment labels, which its admin and notifications read; pass them on every workflow that writes labels (it replaces them). */
export function medusaLabelsOf(
  rows: readonly LabelRow[],
  options: Pick<PluginOptions, "trackingUrlTemplate" | "webhook">
): MedusaLabel[] {
  return rows.map((row) => {
    const tracking = row.tracking_number ?? ""
    return {
      tracking_number: tracking,
      tracking_url: tracking
        ? trackingUrlOf(options, tracking, row.carrier)
        : "",
      label_url: labelUrlOf(options, row.id),
    }
  })
}
