import { z } from "@medusajs/framework/zod"

/**
 * What an admin may pass to Medusa's fulfillment (`POST /admin/orders/:id/fulfillments`,
 * `additional_data`, registered in the plugin's middlewares) for this plugin: the parcels, when the
 * automatic packing is not wanted. Each parcel lists order line items and quantities (together
 * exactly the fulfilled items), optionally its weight (catalog unit) and one of the merchant's
 * boxes.
 */
export const ADDITIONAL_DATA_KEY = "shipping_services"

export const chosenParcelSchema = z
  .object({
    items: z
      .array(
        z
          .object({
            line_item_id: z.string().min(1).max(100),
            quantity: z.number().int().min(1).max(100_000),
          })
          .strict()
      )
      .min(1, "a parcel needs at least one item")
      .max(200),
    weight: z.number().positive().max(1_000_000).optional(),
    box: z.string().min(1).max(49).optional(),
  })
  .strict()

export const fulfillmentAdditionalDataSchema = z
  .object({
    parcels: z
      .array(chosenParcelSchema)
      .min(1, "give at least one parcel")
      .max(50, "at most 50 parcels"),
  })
  .strict()

export type ChosenParcelInput = z.output<typeof chosenParcelSchema>

/** The parcels chosen in a fulfillment's additional data, or undefined (then the plugin packs). */
export function chosenParcelsOf(
  additionalData: Record<string, unknown> | undefined | null
): ChosenParcelInput[] | undefined {
  const raw = additionalData?.[ADDITIONAL_DATA_KEY]
  if (raw === undefined || raw === null) return undefined
  const parsed = fulfillmentAdditionalDataSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(
      `additional_data.${ADDITIONAL_DATA_KEY}.${issue.path.join(".")}: ${issue.message}`
    )
  }
  return parsed.data.parcels
}
