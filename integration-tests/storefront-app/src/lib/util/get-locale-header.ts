import { getLocale } from "@lib/data/locale-actions"

/** The shopper's language for the backend (Medusa's x-medusa-locale header), or null. */
export async function getLocaleHeader() {
  return { "x-medusa-locale": await getLocale() } as const
}
