import type { Client } from "@medusajs/js-sdk"
import type {
  ActionResult,
  CanceledReturn,
  CartCheck,
  CheckoutProblem,
  CustomerReturn,
  DeliveryPromise,
  Parcel,
  ReturnOption,
  ReturnReason,
  ReturnRequest,
} from "./types.js"

/**
 * Typed calls over the plugin's store routes, through the storefront's own js-sdk client (its
 * backend URL, publishable key and any wrapper the storefront put around `fetch`, as Medusa's
 * starter does for the locale). `headers` are the customer's: the starter's `getAuthHeaders()`
 * (`{ authorization: "Bearer …" }` or `{}`) on the server; a storefront using session auth in the
 * browser passes nothing.
 */
export type StoreSdk = { client: Pick<Client, "fetch"> }
export type StoreHeaders = Record<string, string>

const enc = encodeURIComponent

/** The status of a js-sdk FetchError (read by shape: the storefront may bundle its own copy of the class). */
export function statusOf(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === "number" ? status : null
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error)
}

function refused(error: unknown): {
  ok: false
  status: number | null
  message: string
} {
  return { ok: false, status: statusOf(error), message: messageOf(error) }
}

/** A read whose 404 means "not this shopper's" (the routes never tell whether an order exists). */
async function readOrNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read
  } catch (error) {
    if (statusOf(error) === 404) return null
    throw error
  }
}

/**
 * The order's parcels, outbound and return, for the customer who placed it; null for anyone else
 * (another customer, a guest, no login, an unknown order). Never cached: each scan changes it.
 */
export function retrieveOrderTracking(
  sdk: StoreSdk,
  orderId: string,
  headers: StoreHeaders = {}
): Promise<Parcel[] | null> {
  return readOrNull(
    sdk.client
      .fetch<{ parcels: Parcel[] }>(
        `/store/shipping-services/orders/${enc(orderId)}/tracking`,
        { method: "GET", headers, cache: "no-store" }
      )
      .then((r) => r.parcels)
  )
}

/** The order's returns that carry the plugin's labels, oldest first; null for anyone but its customer. */
export function listOrderReturns(
  sdk: StoreSdk,
  orderId: string,
  headers: StoreHeaders = {}
): Promise<CustomerReturn[] | null> {
  return readOrNull(
    sdk.client
      .fetch<{ returns: CustomerReturn[] }>(
        `/store/shipping-services/orders/${enc(orderId)}/returns`,
        { method: "GET", headers, cache: "no-store" }
      )
      .then((r) => r.returns)
  )
}

/**
 * Medusa's own POST /store/returns. With one of the plugin's return options the label is bought
 * within the request (only for the order's logged-in customer, by default), so it is listed by
 * `listOrderReturns` when this answers. Refusals come back in the backend's words.
 */
export async function createReturn(
  sdk: StoreSdk,
  request: ReturnRequest,
  headers: StoreHeaders = {}
): Promise<ActionResult<{ return_id: string }>> {
  try {
    const { return: created } = await sdk.client.fetch<{
      return: { id: string }
    }>("/store/returns", { method: "POST", headers, body: request })
    return { ok: true, return_id: created.id }
  } catch (error) {
    return refused(error)
  }
}

/**
 * The customer withdraws a return before its parcel reaches the carrier. Refused (400) once it
 * was scanned or received, with why; 404 for anyone but the order's customer.
 */
export async function cancelReturn(
  sdk: StoreSdk,
  orderId: string,
  returnId: string,
  headers: StoreHeaders = {}
): Promise<ActionResult<{ return: CanceledReturn }>> {
  try {
    const { return: canceled } = await sdk.client.fetch<{
      return: CanceledReturn
    }>(
      `/store/shipping-services/orders/${enc(orderId)}/returns/${enc(returnId)}/cancel`,
      { method: "POST", headers }
    )
    return { ok: true, return: canceled }
  } catch (error) {
    return refused(error)
  }
}

/**
 * The label file (or QR code) as the backend serves it: the raw Response, to pass on; null when
 * this shopper may not read it or the order has no such return, parcel or page (404). A bad
 * `parcel` or `page` throws the backend's 400.
 */
export function fetchReturnLabel(
  sdk: StoreSdk,
  input: {
    orderId: string
    returnId: string
    parcel?: number
    page?: number
    download?: boolean
  },
  headers: StoreHeaders = {}
): Promise<Response | null> {
  const query: Record<string, string> = {
    parcel: String(input.parcel ?? 1),
    page: String(input.page ?? 0),
  }
  if (input.download) query.download = "1"
  return readOrNull(
    sdk.client.fetch<Response>(
      `/store/shipping-services/orders/${enc(input.orderId)}/returns/${enc(input.returnId)}/label`,
      {
        method: "GET",
        query,
        // Not JSON: the js-sdk then hands back the Response itself.
        headers: { ...headers, accept: "*/*" },
        cache: "no-store",
      }
    )
  )
}

/**
 * Whether checkout would sell this cart with this shipping option, and if not, each problem on its
 * field. Changes nothing. Null when the option is not one of the plugin's, or the cart is unknown.
 */
export function checkCart(
  sdk: StoreSdk,
  cartId: string,
  optionId: string,
  headers: StoreHeaders = {}
): Promise<CartCheck | null> {
  return readOrNull(
    sdk.client.fetch<CartCheck>(
      `/store/shipping-services/carts/${enc(cartId)}/check`,
      {
        method: "POST",
        headers,
        body: { option_id: optionId },
        cache: "no-store",
      }
    )
  )
}

/**
 * Medusa's POST /store/carts/:id/shipping-methods, with the refusal field by field: when the
 * plugin refuses the cart, `problems` are the check's (the js-sdk keeps only the message of an
 * error answer, so they are read from the check route, which runs the same rules).
 */
export async function chooseShippingOption(
  sdk: StoreSdk,
  cartId: string,
  optionId: string,
  headers: StoreHeaders = {}
): Promise<{ ok: true } | ChooseRefusal> {
  try {
    await sdk.client.fetch(`/store/carts/${enc(cartId)}/shipping-methods`, {
      method: "POST",
      headers,
      body: { option_id: optionId },
    })
    return { ok: true }
  } catch (error) {
    const status = statusOf(error)
    let problems: CheckoutProblem[] = []
    if (status === 400) {
      const check = await checkCart(sdk, cartId, optionId, headers).catch(
        () => null
      )
      problems = check?.problems ?? []
    }
    return { ok: false, status, message: messageOf(error), problems }
  }
}

export type ChooseRefusal = {
  ok: false
  status: number | null
  message: string
  /** The plugin's problems, field by field; empty when the refusal was not the plugin's. */
  problems: CheckoutProblem[]
}

/**
 * The expected delivery date (or range) of each of the plugin's shipping options offered to the
 * cart, from the service's delivery commitment; `estimated_delivery` null where it gave none.
 * The cart id is the credential, as for Medusa's own cart routes.
 */
export function listDeliveryPromises(
  sdk: StoreSdk,
  cartId: string,
  headers: StoreHeaders = {}
): Promise<DeliveryPromise[]> {
  return sdk.client
    .fetch<{ delivery_promises: DeliveryPromise[] }>(
      `/store/shipping-services/carts/${enc(cartId)}/delivery-promises`,
      { method: "GET", headers, cache: "no-store" }
    )
    .then((r) => r.delivery_promises)
}

/** Medusa's return reasons (GET /store/return-reasons). */
export function listReturnReasons(
  sdk: StoreSdk,
  headers: StoreHeaders = {}
): Promise<ReturnReason[]> {
  return sdk.client
    .fetch<{ return_reasons: ReturnReason[] }>("/store/return-reasons", {
      method: "GET",
      headers,
      query: { fields: "id,value,label,description", limit: 100 },
    })
    .then((r) => r.return_reasons)
}

/**
 * The return shipping options of an order: Medusa lists them for the order's cart
 * (`order.cart.id`, asked with `fields: "+cart.id"` on GET /store/orders/:id).
 */
export function listReturnOptions(
  sdk: StoreSdk,
  cartId: string,
  headers: StoreHeaders = {}
): Promise<ReturnOption[]> {
  return sdk.client
    .fetch<{ shipping_options: ReturnOption[] }>("/store/shipping-options", {
      method: "GET",
      headers,
      query: { cart_id: cartId, is_return: "true" },
      cache: "no-store",
    })
    .then((r) =>
      r.shipping_options.map((o) => ({
        id: o.id,
        name: o.name,
        provider_id: o.provider_id,
        amount: o.amount ?? null,
      }))
    )
}
