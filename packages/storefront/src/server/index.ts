import {
  fetchReturnLabel,
  statusOf,
  type StoreHeaders,
  type StoreSdk,
} from "../client.js"

/** The route handler's context in Next.js 15 (App Router): the folder's dynamic segments. */
export type ReturnLabelRouteContext = {
  params: Promise<{ orderId: string; returnId: string }>
}

const PARCEL = { min: 1, max: 100 }
const PAGE = { min: 0, max: 1000 }

/** A whole number in range from the query, its default when absent, or the parameter's rule. */
function whole(
  value: string | null,
  name: string,
  range: { min: number; max: number },
  fallback: number
): number | string {
  if (value === null) return fallback
  const n = /^\d{1,4}$/.test(value) ? Number(value) : NaN
  return n >= range.min && n <= range.max
    ? n
    : `${name}: must be a whole number from ${range.min} to ${range.max}`
}

function text(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "private, no-store",
    },
  })
}

/**
 * A route handler (GET) that passes a return label on to the shopper with their own login.
 *
 * The label is behind the customer's JWT, which Medusa's starter keeps in an httpOnly cookie
 * the browser cannot send to the backend: the storefront's server reads it (`headers`, e.g. the
 * starter's `getAuthHeaders`) and asks the backend, so the label never has a public URL. Anyone
 * the backend does not recognise as the order's customer gets 404, as from the backend.
 *
 * In `src/app/api/returns/[orderId]/[returnId]/label/route.ts`:
 *   export const GET = returnLabelRoute({ sdk, headers: getAuthHeaders })
 * Query: `parcel` (1-based, default 1), `page` (0-based, default 0), `download=1` (attachment).
 */
export function returnLabelRoute(opts: {
  sdk: StoreSdk
  headers: () => Promise<StoreHeaders> | StoreHeaders
}) {
  return async function GET(
    request: Request,
    context: ReturnLabelRouteContext
  ): Promise<Response> {
    const { orderId, returnId } = await context.params
    const query = new URL(request.url).searchParams
    const parcel = whole(query.get("parcel"), "parcel", PARCEL, 1)
    const page = whole(query.get("page"), "page", PAGE, 0)
    const download = query.get("download")
    const rules = [parcel, page].filter((v) => typeof v === "string")
    if (download !== null && download !== "0" && download !== "1")
      rules.push("download: must be 0 or 1")
    if (rules.length) return text(400, rules.join("; "))
    if (!orderId || !returnId || orderId.length > 200 || returnId.length > 200)
      return text(404, "Not found")

    let file: Response | null
    try {
      file = await fetchReturnLabel(
        opts.sdk,
        {
          orderId,
          returnId,
          parcel: parcel as number,
          page: page as number,
          download: download === "1",
        },
        await opts.headers()
      )
    } catch (error) {
      // The backend's own 400 (a rule of its own); anything else is the backend being unreachable.
      const status = statusOf(error)
      return status === 400
        ? text(400, error instanceof Error ? error.message : "Bad request")
        : text(502, "The label could not be fetched. Try again in a moment.")
    }
    if (!file) return text(404, "Not found")
    const headers = new Headers({
      "Content-Type":
        file.headers.get("content-type") ?? "application/octet-stream",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    })
    const disposition = file.headers.get("content-disposition")
    if (disposition) headers.set("Content-Disposition", disposition)
    return new Response(file.body, { status: 200, headers })
  }
}
