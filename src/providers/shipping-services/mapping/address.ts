export type MedusaAddressLike = {
  first_name?: string | null
  last_name?: string | null
  company?: string | null
  phone?: string | null
  address_1?: string | null
  address_2?: string | null
  city?: string | null
  province?: string | null
  postal_code?: string | null
  country_code?: string | null
}

export type ServiceAddress = {
  company?: string
  name?: string
  phone?: string
  email?: string
  residential?: boolean
  addressLines: string[]
  cityTown?: string
  stateProvince: string
  postalCode?: string
  countryCode?: string
}

const clean = (v: string | null | undefined): string | undefined => {
  const t = v?.trim()
  return t ? t : undefined
}

/** Medusa may store "us-ny"; the service wants "NY", or "" when there is none. */
export function stateProvinceOf(
  province: string | null | undefined,
  countryCode: string | undefined
): string {
  const p = clean(province)
  if (!p) return ""
  const upper = p.toUpperCase()
  const prefix = countryCode ? `${countryCode.toUpperCase()}-` : ""
  return prefix && upper.startsWith(prefix) ? upper.slice(prefix.length) : upper
}

/** The only form the service's phone fields accept. */
export function phoneOf(phone: string | null | undefined): string | undefined {
  const p = clean(phone)
  if (!p) return undefined
  const digits = p.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "")
  return digits || undefined
}

export function fromMedusaAddress(
  address: MedusaAddressLike,
  extra: {
    email?: string | null
    residential?: boolean
    name?: string | null
  } = {}
): ServiceAddress {
  const countryCode = clean(address.country_code)?.toUpperCase()
  const name =
    clean(extra.name) ??
    clean(
      [address.first_name, address.last_name]
        .map(clean)
        .filter(Boolean)
        .join(" ")
    )
  const company = clean(address.company)
  return {
    ...(company ? { company } : {}),
    ...(name ? { name } : {}),
    ...(phoneOf(address.phone) ? { phone: phoneOf(address.phone) } : {}),
    ...(clean(extra.email) ? { email: clean(extra.email) } : {}),
    // Carriers surcharge residential; a named company means a business.
    residential: extra.residential ?? !company,
    addressLines: [address.address_1, address.address_2]
      .map(clean)
      .filter((l): l is string => !!l),
    ...(clean(address.city) ? { cityTown: clean(address.city) } : {}),
    stateProvince: stateProvinceOf(address.province, countryCode),
    ...(clean(address.postal_code)
      ? { postalCode: clean(address.postal_code) }
      : {}),
    ...(countryCode ? { countryCode } : {}),
  }
}
