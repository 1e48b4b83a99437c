import type { Address } from "../../shipping-api/schemas/address"
import { printable } from "./text"

/** A Date by its UTC day, a string as given (its day if ISO). */
export function formatDate(value: Date | string | undefined): string {
  if (value === undefined) return ""
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10)
  const iso = /^\d{4}-\d{2}-\d{2}/.exec(value)
  return iso ? iso[0] : printable(value)
}

export function orderLabel(displayId: number | string): string {
  return `#${printable(displayId)}`
}

/** Name, company, street lines, "City, State Postal", country. */
export function addressLines(
  address: Address | undefined,
  options: { phone?: boolean } = {}
): string[] {
  if (!address) return []
  const city = [
    [address.cityTown, address.stateProvince]
      .map((p) => printable(p))
      .filter(Boolean)
      .join(", "),
    printable(address.postalCode),
  ]
    .filter(Boolean)
    .join(" ")
  const lines = [
    address.name,
    address.company,
    ...(address.addressLines ?? []),
    city,
    address.countryCode,
    options.phone && address.phone ? `Tel. ${address.phone}` : undefined,
  ]
  return lines.map((l) => printable(l)).filter(Boolean)
}
