/** A relation as an array, whether Medusa loaded it as an array or an ORM collection. */
export function asArray<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[]
  const collection = value as
    { getItems?: () => T[]; toArray?: () => T[] } | null | undefined
  return collection?.getItems?.() ?? collection?.toArray?.() ?? []
}
