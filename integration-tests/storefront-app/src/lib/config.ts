import { getLocaleHeader } from "@lib/util/get-locale-header"
import Medusa, { FetchArgs, FetchInput } from "@medusajs/js-sdk"

// As the starter's: the backend and publishable key from NEXT_PUBLIC_ variables. Next.js writes
// their values into the build when they are set while it builds; the browser tests build without
// them, so the server reads them when it runs (each run has a store, and a key, of its own).
export const sdk = new Medusa({
  baseUrl:
    process.env.NEXT_PUBLIC_MEDUSA_BACKEND_URL || "http://localhost:9000",
  debug: process.env.NODE_ENV === "development",
  publishableKey: process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY,
})

// The starter wraps the client's fetch so that every request, the kit's included, carries the
// shopper's language: its locale header is added to the caller's own headers object.
const fetchWithoutLocale = sdk.client.fetch.bind(sdk.client)

sdk.client.fetch = async <T>(
  input: FetchInput,
  init?: FetchArgs
): Promise<T> => {
  const headers = init?.headers ?? {}
  let locale: Record<string, string | null> | undefined
  try {
    locale = await getLocaleHeader()
    headers["x-medusa-locale"] ??= locale["x-medusa-locale"]
  } catch {
    // Outside a request (no cookies to read): no locale.
  }
  return fetchWithoutLocale<T>(input, {
    ...init,
    headers: { ...locale, ...headers },
  })
}
