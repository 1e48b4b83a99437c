import { z } from "@medusajs/framework/zod"
import { connectionOptions } from "./sections/connection"
import { operationOptions } from "./sections/operations"
import { parcelOptions } from "./sections/parcels"
import { trackingOptions } from "./sections/tracking"

/**
 * Everything a merchant configures, in one schema. The plugin entry in medusa-config carries
 * these options; the plugin's module validates them at boot and the fulfillment provider reads
 * the same entry (Medusa does not pass plugin options to providers). Each field's description
 * is the text of README.md's options table (scripts/options-table.ts generates it).
 *
 * Every object is strict: an unknown key is an error (parse.ts names the nearest known key), so a
 * misspelt section is never silently dropped. The rules of the documents that depend only on the
 * options run at the end (service-checks.ts), with their own rule ids.
 *
 * The sections live in ./sections, one file per concern; their order here is the order of
 * README's options table.
 */

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
