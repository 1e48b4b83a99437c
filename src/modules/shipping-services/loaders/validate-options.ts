import type { LoaderOptions } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  checkFileStorage,
  checkPluginOptions,
  PLUGIN_NAME,
  redact,
} from "../../../options"

/**
 * Stops boot with one message naming every bad option; logs options that will not do what they seem;
 * prints options with secrets hidden; stops boot when the File Module would serve private files publicly.
 */
export default async function validateOptionsLoader({
  options,
  logger,
  container,
}: LoaderOptions) {
  const { options: parsed, warnings } = checkPluginOptions(options)
  for (const w of warnings)
    logger?.warn?.(`${PLUGIN_NAME}: ${w.path}: ${w.message}`)
  if (parsed.documents.storage === "file") {
    const config = container?.resolve?.(
      ContainerRegistrationKeys.CONFIG_MODULE,
      { allowUnregistered: true }
    ) as { modules?: unknown } | undefined
    const check = checkFileStorage(config?.modules, process.cwd())
    if (!check.ok)
      throw new Error(
        `${PLUGIN_NAME}: documents.storage "file" is refused: ${check.reason}`
      )
  }
  logger?.debug?.(
    `shipping-services options: ${JSON.stringify(redact(parsed))}`
  )
}
