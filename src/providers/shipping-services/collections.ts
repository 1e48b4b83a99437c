/**
 * Medusa hands providers its entities as they are loaded: a relation may be a plain array or an
 * ORM collection. Its items either way; nothing for anything else.
 */
export function asArray<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[]
  const collection = value as
    { getItems?: () => T[]; toArray?: () => T[] } | null | undefined
  return collection?.getItems?.() ?? collection?.toArray?.() ?? []
}
