import type { PluginOptions } from "../../options/schema"
import { labelUrlOf, trackingUrlOf } from "../labels/urls"

/**
 * What the plugin writes into `fulfillment.data` (the store API exposes it, so: ids and tracking
 * numbers only, never label bytes or secrets), and the labels it gives Medusa's fulfillment.
 * One fulfillment holds one or more parcels, each its own label (a shipment row).
 */
export const DATA_KEY = "shipping_services"

export type ShipmentDataRef = {
  /** The Medusa fulfillment these labels were bought for (a cancel voids only its own). */
  fulfillment_id: string | null
  /** The plugin's shipment records, one per parcel, in parcel order. */
  shipment_ids: string[]
  tracking_numbers: (string | null)[]
  /** The first parcel's, kept for readers of versions before several parcels. */
  shipment_id: string
  tracking_number: string | null
  carrier: string
  service_id: string
  option_id: string
  is_return: boolean
}

/**
 * What the provider keeps on the return fulfillment of an exchange or a claim while its label
 * waits: Medusa confirms those with no way to tell the provider which return, order or items
 * they are, so the label is bought after the confirmation (src/orchestration/returns/change-return-labels.ts).
 * Ids only, as all of `fulfillment.data`.
 */
export type AwaitingReturnLabel = {
  awaiting_return_label: true
  option_id: string
  /** Failed purchases so far (a service that was not answering spends none). */
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
  return {
    ...(ref as ShipmentDataRef),
    fulfillment_id: ref.fulfillment_id ?? null,
    shipment_ids: ids,
    tracking_numbers: Array.isArray(ref.tracking_numbers)
      ? ref.tracking_numbers
      : [ref.tracking_number ?? null],
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
    tracking_numbers: rows.map((r) => r.tracking_number),
    shipment_id: first.id,
    tracking_number: first.tracking_number,
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

/**
 * Medusa's fulfillment labels (`fulfillment_label`) of these parcels: what Medusa's admin, its
 * notifications and other plugins read. Pass them on every workflow that writes labels
 * (createOrderShipmentWorkflow replaces them with `input.labels ?? []`).
 */
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
