/** The address fields checkout asks for, as Medusa names them. */
export const ADDRESS_FIELDS = [
  "first_name",
  "last_name",
  "address_1",
  "company",
  "postal_code",
  "city",
  "country_code",
  "province",
  "phone",
] as const

/** Whether two addresses are the same where checkout asks for them (the starter's rule). */
export default function compareAddresses(a: object, b: object): boolean {
  const field = (address: object, f: string) =>
    (address as Record<string, unknown>)[f] ?? null
  return ADDRESS_FIELDS.every((f) => field(a, f) === field(b, f))
}
