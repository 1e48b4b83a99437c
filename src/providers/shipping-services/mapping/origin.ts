import type { PluginOptions } from "../../../options"
import {
  fromMedusaAddress,
  type MedusaAddressLike,
  type ServiceAddress,
} from "./address"

/** The stock location's address, gaps filled from the configured origin (which alone serves when it has none). */
export function originAddressOf(
  options: PluginOptions,
  location: MedusaAddressLike | null | undefined
): ServiceAddress | undefined {
  const configured = options.origin
  if (location?.country_code) {
    const mapped = fromMedusaAddress(location, { residential: false })
    return {
      ...mapped,
      name:
        mapped.name ??
        configured?.name ??
        options.contact?.name ??
        mapped.company,
      company:
        mapped.company ?? configured?.company ?? options.contact?.company,
      phone: mapped.phone ?? configured?.phone,
      email: configured?.email,
    }
  }
  if (configured)
    return { ...configured, residential: configured.residential ?? false }
  return undefined
}
