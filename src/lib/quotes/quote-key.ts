import { createHash } from "node:crypto"

/** A price depends on where, not on who is there. */
const PERSONAL_FIELDS = new Set(["name", "company", "phone", "email"])
/** Doc 2. */
const ADDRESS_FIELDS = new Set([
  "fromAddress",
  "toAddress",
  "soldToAddress",
  "altReturnAddress",
])

/** Only what the rate depends on, so a cart state shares one quote and same-shaped carts share theirs. */
export function quoteKeyOf(input: {
  serviceId: string
  /** Doc 4: the Shipment object without documents. */
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

/** Keys sorted at every depth, so equal requests give equal keys. */
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
