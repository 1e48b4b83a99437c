import { z } from "@medusajs/framework/zod"
import { connectionOptions } from "./sections/connection"
import { operationOptions } from "./sections/operations"
import { parcelOptions } from "./sections/parcels"
import { trackingOptions } from "./sections/tracking"

// Strict objects: a misspelt section is an error, never silently dropped. Section order is the table order.

export {
  DOCUMENT_STORAGES,
  type DocumentStorage,
  addressOptionSchema,
} from "./sections/fields"
export { serviceOptionSchema } from "./sections/service-option"

export const pluginOptionsSchema = z
  .strictObject({
    ...connectionOptions,
    ...parcelOptions,
    ...operationOptions,
    ...trackingOptions,
  })
  .refine(
    (options) =>
      new Set(options.services.map((s) => s.id)).size ===
      options.services.length,
    {
      path: ["services"],
      message: "ids must be unique",
      when: (payload) =>
        Array.isArray((payload.value as { services?: unknown })?.services),
    }
  )

export type PluginOptionsInput = z.input<typeof pluginOptionsSchema>
export type PluginOptions = z.output<typeof pluginOptionsSchema>
export type ServiceOption = PluginOptions["services"][number]
