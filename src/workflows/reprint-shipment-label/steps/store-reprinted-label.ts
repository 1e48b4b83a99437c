import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { labelPageDocuments } from "../../../lib/labels/pages"
import type ShippingServicesModuleService from "../../../modules/shipping-services/service"
import type { ReprintedLabel } from "./reprint-at-service"
import { shippingOf } from "../../../modules/shipping-services"

const LABEL_FIELDS = [
  "label_source_url",
  "label_type",
  "label_format",
  "label_size",
  "label_content_type",
] as const

/** What compensation needs: the version stored and the row's label fields before. */
export type StoredReprint = {
  shipment_id: string
  version: number
  label: Record<(typeof LABEL_FIELDS)[number], unknown> | null
}

type Shipping = Pick<
  ShippingServicesModuleService,
  | "listShipments"
  | "journal"
  | "listDocuments"
  | "deleteDocuments"
  | "updateShipments"
>

/**
 * Stores the reprint's pages as the next version with the row's update (reprint count, label
 * fields), in one transaction. Returns what compensation needs.
 */
export async function storeReprintedLabel(
  shipping: Shipping,
  reprint: ReprintedLabel
): Promise<StoredReprint> {
  const { shipment_id, version, fields, pages } = reprint
  const [row] = await shipping.listShipments(
    { id: shipment_id },
    { select: ["id", ...LABEL_FIELDS] }
  )
  const label =
    fields && row
      ? (Object.fromEntries(
          LABEL_FIELDS.map((f) => [
            f,
            (row as Record<string, unknown>)[f] ?? null,
          ])
        ) as StoredReprint["label"])
      : null
  await shipping
    .journal()
    .storeDocuments(
      labelPageDocuments(shipment_id, version, fields?.label_format, pages),
      {
        id: shipment_id,
        reprint_count: version,
        ...(fields
          ? {
              label_source_url: fields.source_url,
              label_type: fields.label_type,
              label_format: fields.label_format,
              label_size: fields.label_size,
              label_content_type: fields.label_content_type,
            }
          : {}),
      }
    )
  return { shipment_id, version, label }
}

/**
 * Compensation: deletes the pages stored as this version and gives the row its previous label
 * fields back, so the label route serves the previous label again. The reprint count stays: the
 * service counted the reprint (the reprint step at the service).
 */
export async function removeReprintedLabel(
  shipping: Pick<
    Shipping,
    "listDocuments" | "deleteDocuments" | "updateShipments"
  >,
  stored: StoredReprint | undefined
): Promise<void> {
  if (!stored) return
  const documents = await shipping.listDocuments(
    { kind: "label", owner_id: stored.shipment_id, version: stored.version },
    { select: ["id"] }
  )
  if (documents.length)
    await shipping.deleteDocuments(documents.map((d: { id: string }) => d.id))
  if (stored.label)
    await shipping.updateShipments({
      id: stored.shipment_id,
      ...stored.label,
    } as never)
}

export const storeReprintedLabelStepId =
  "shipping-services-store-reprinted-label"
export const storeReprintedLabelStep = createStep(
  storeReprintedLabelStepId,
  async (reprint: ReprintedLabel, { container }) => {
    const shipping = shippingOf(container)
    const stored = await storeReprintedLabel(shipping, reprint)
    return new StepResponse(stored, stored)
  },
  async (stored, { container }) => {
    await removeReprintedLabel(shippingOf(container), stored)
  }
)
