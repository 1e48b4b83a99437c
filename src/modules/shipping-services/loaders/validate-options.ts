import type { LoaderOptions } from "@medusajs/framework/types"
import { checkPluginOptions, PLUGIN_NAME, redact } from "../../../options"

/**
 * Stops boot with one message naming every bad option (unknown keys included, and the rules of the
 * documents that depend only on options); logs what is allowed but will not do what it seems to
 * ask; prints the options with secrets hidden.
 */
export default async function validateOptionsLoader({
  options,
  logger,
}: LoaderOptions) {
  const { options: parsed, warnings } = checkPluginOptions(options)
  for (const w of warnings)
    logger?.warn?.(`${PLUGIN_NAME}: ${w.path}: ${w.message}`)
  logger?.debug?.(
    `shipping-services options: ${JSON.stringify(redact(parsed))}`
  )
}
