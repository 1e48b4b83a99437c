import { createHash } from "node:crypto"
import type { Address } from "./state/model"

/**
 * Postal address verification (doc 2, expedited: "verified against postal data and corrected
 * where possible"). The sandbox has no postal database; it applies the corrections a postal
 * system always makes — upper case, trimmed, single spaces — and reports whether that changed
 * anything (`VALIDATED_CHANGED`) or not (`VALIDATED_AND_NOT_CHANGED`), with the carrier route and
 * delivery point a verified U.S. address gets. MINIMAL_ADDRESS_VALIDATION=true returns the
 * address untouched and without a status.
 */
export function verifyPostalAddress(
  a: Address | undefined,
  minimal: boolean
): Address | undefined {
  if (!a) return a
  const country = (a.countryCode ?? "").toUpperCase()
  if (minimal || (country !== "US" && country !== "PR")) return a
  const clean = (s: string | undefined) =>
    s === undefined ? s : s.trim().replace(/\s+/g, " ").toUpperCase()
  const normalised: Address = {
    ...a,
    addressLines: a.addressLines?.map((l) => clean(l)!),
    cityTown: clean(a.cityTown),
    stateProvince: clean(a.stateProvince),
    postalCode: a.postalCode?.trim(),
  }
  const changed =
    JSON.stringify([
      a.addressLines,
      a.cityTown,
      a.stateProvince,
      a.postalCode,
    ]) !==
    JSON.stringify([
      normalised.addressLines,
      normalised.cityTown,
      normalised.stateProvince,
      normalised.postalCode,
    ])
  const primary = /^\s*(\d+)/.exec(a.addressLines?.[0] ?? "")?.[1] ?? "0"
  const route = createHash("sha1")
    .update(`${normalised.postalCode}|${normalised.addressLines?.[0] ?? ""}`)
    .digest()
  return {
    ...normalised,
    carrierRoute: `C${String(route[0]! % 100).padStart(3, "0")}`,
    deliveryPoint: primary.slice(-2).padStart(2, "0"),
    status: changed ? "VALIDATED_CHANGED" : "VALIDATED_AND_NOT_CHANGED",
  }
}
