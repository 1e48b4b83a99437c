import type { LoaderOptions } from "@medusajs/framework/types"
import { parsePluginOptions, redact } from "../../../options"

/** Stops boot with one message naming every bad option; prints the options with secrets hidden. */
export default async function validateOptionsLoader({ options, logger }: LoaderOptions) {
  const parsed = parsePluginOptions(options)
  logger?.debug?.(`shipping-services options: ${JSON.stringify(redact(parsed))}`)
}
