import { createHash } from "node:crypto"

/** What identifies an address for a price: where it is, not who is there. */
const PERSONAL_FIELDS = new Set(["name", "company", "phone", "email"])
/** Address fields of the Shipment object (doc 2). */
const ADDRESS_FIELDS = new Set([
  "fromAddress",
  "toAddress",
  "soldToAddress",
  "altReturnAddress",
])

/**
 * The key of a quote: one service's rate for one parcel, by what the rate depends on (the
 * parcel's weight and size, the two places, the special services and options, the customs of a
 * cross-border parcel, the currency it is charged in) and nothing else: not the cart's or
 * order's references, not the names, companies, phones or emails on the addresses. So the
 * listing, the calculation, adding the method and every refresh of one cart state share one
 * quote, a changed address or item makes a new one, and two carts of the same shape to the same
 * place share theirs. Pure.
 */
export function quoteKeyOf(input: {
  serviceId: string
  /** The rates request of one parcel (doc 4): the Shipment object without documents. */
  request: Record<string, unknown>
  currency: string | null | undefined
}): string {
  const { references: _references, ...rest } = input.request
  const priced: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(rest)) {
    if (ADDRESS_FIELDS.has(field)) priced[field] = placeOf(value)
    else if (field === "additionalAddresses" && Array.isArray(value))
      priced[field] = value.map(placeOf)
    else priced[field] = value
  }
  const canonical = canonicalJson({
    service: input.serviceId,
    currency: (input.currency ?? "").toLowerCase(),
    request: priced,
  })
  return createHash("sha256").update(canonical).digest("hex").slice(0, 40)
}

function placeOf(address: unknown): unknown {
  if (!address || typeof address !== "object" || Array.isArray(address))
    return address
  return Object.fromEntries(
    Object.entries(address as Record<string, unknown>).filter(
      ([k]) => !PERSONAL_FIELDS.has(k)
    )
  )
}

/** JSON with object keys sorted at every depth, so equal requests give equal keys. Pure. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v as Record<string, unknown>)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]])
        )
      : v
  )
}
