import type { PluginOptions } from "../../../options"
import {
  fromMedusaAddress,
  type MedusaAddressLike,
  type ServiceAddress,
} from "./address"

/**
 * Where parcels leave from: the stock location's address, the configured origin filling what it
 * lacks (name, company, phone, email); the configured origin alone when the location has none.
 * Undefined when neither exists.
 */
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
