import {
  cancelReturn,
  checkCart,
  chooseShippingOption,
  createReturn,
  fetchReturnLabel,
  listDeliveryPromises,
  listOrderReturns,
  listReturnOptions,
  listReturnReasons,
  retrieveOrderTracking,
} from "../client"
import type { CartCheck } from "../types"
import { fakeBackend, notFound, type Answer, type Seen } from "./backend"
import { parcel } from "./fixtures"

const CUSTOMER = { authorization: "Bearer jwt-of-carol" }

const PARCEL = parcel()

const REFUSAL: CartCheck = {
  option_id: "so_cross",
  service_id: "cross-border",
  service_name: "International Standard (duty paid)",
  shippable: false,
  problems: [
    {
      field: "shipping_address.phone",
      message: "Add a phone number: the carrier needs one for this service",
      fix: "customer",
      rule: "address.required-fields",
      detail: "phone is required for cross-border addresses",
    },
  ],
}

let backend: Awaited<ReturnType<typeof fakeBackend>>
let route: (req: Seen) => Answer

beforeAll(async () => {
  backend = await fakeBackend((req) => route(req))
})
afterAll(() => backend.close())
beforeEach(() => (backend.seen.length = 0))

const last = () => backend.seen[backend.seen.length - 1]!

describe("the kit's calls, through the storefront's js-sdk client", () => {
  it("reads an order's parcels with the publishable key and the customer's login, ids encoded", async () => {
    route = () => ({ json: { parcels: [PARCEL] } })
    const parcels = await retrieveOrderTracking(
      backend.sdk,
      "order_1/../x",
      CUSTOMER
    )
    expect(parcels).toEqual([PARCEL])
    expect(last()).toMatchObject({
      method: "GET",
      path: "/store/shipping-services/orders/order_1%2F..%2Fx/tracking",
    })
    expect(last().headers["x-publishable-api-key"]).toBe("pk_test")
    expect(last().headers.authorization).toBe(CUSTOMER.authorization)
  })

  it("answers null, not an error, when the order is not this shopper's (the routes' 404)", async () => {
    route = (req) => notFound(req.path.split("/")[4]!)
    expect(await retrieveOrderTracking(backend.sdk, "order_1")).toBeNull()
    expect(await listOrderReturns(backend.sdk, "order_1")).toBeNull()
    expect(
      await fetchReturnLabel(backend.sdk, { orderId: "o", returnId: "r" })
    ).toBeNull()
    // No login sent: the starter's getAuthHeaders() gives {} to a guest.
    expect(last().headers.authorization).toBeUndefined()
  })

  it("throws any other failure (a backend down is not 'nothing to show')", async () => {
    route = () => ({ status: 500, json: { message: "boom" } })
    await expect(
      retrieveOrderTracking(backend.sdk, "order_1")
    ).rejects.toMatchObject({ status: 500, message: "boom" })
  })

  it("lists the order's returns", async () => {
    const ret = {
      id: "return_1",
      status: "requested",
      requested_at: "2031-03-05T10:00:00.000Z",
      cancelable: true,
      labels: [],
    }
    route = () => ({ json: { returns: [ret] } })
    expect(await listOrderReturns(backend.sdk, "order_1", CUSTOMER)).toEqual([
      ret,
    ])
    expect(last().path).toBe("/store/shipping-services/orders/order_1/returns")
  })

  it("creates a return with Medusa's POST /store/returns, and gives a refusal in the backend's words", async () => {
    route = () => ({ json: { return: { id: "return_9" } } })
    const request = {
      order_id: "order_1",
      items: [{ id: "item_1", quantity: 1, reason_id: "rr_1" }],
      return_shipping: { option_id: "so_ret" },
    }
    expect(await createReturn(backend.sdk, request, CUSTOMER)).toEqual({
      ok: true,
      return_id: "return_9",
    })
    expect(last()).toMatchObject({
      method: "POST",
      path: "/store/returns",
      body: request,
    })
    expect(last().headers.authorization).toBe(CUSTOMER.authorization)

    route = () => ({
      status: 400,
      json: {
        type: "invalid_data",
        message:
          "Cannot request to return more items than what was fulfilled for item item_1.",
      },
    })
    expect(await createReturn(backend.sdk, request, CUSTOMER)).toEqual({
      ok: false,
      status: 400,
      message:
        "Cannot request to return more items than what was fulfilled for item item_1.",
    })
  })

  it("cancels a return, or says why it no longer can", async () => {
    const canceled = {
      id: "return_1",
      status: "canceled",
      canceled_at: "2031-03-05T11:00:00.000Z",
    }
    route = () => ({ json: { return: canceled } })
    expect(
      await cancelReturn(backend.sdk, "order_1", "return_1", CUSTOMER)
    ).toEqual({ ok: true, return: canceled })
    expect(last()).toMatchObject({
      method: "POST",
      path: "/store/shipping-services/orders/order_1/returns/return_1/cancel",
    })
    const words =
      "The return parcel 9400 is with the carrier (InTransit): the return can no longer be canceled"
    route = () => ({ status: 400, json: { message: words } })
    expect(
      await cancelReturn(backend.sdk, "order_1", "return_1", CUSTOMER)
    ).toEqual({ ok: false, status: 400, message: words })
  })

  it("hands back the label file itself, not JSON, with parcel and page asked", async () => {
    const pdf = Buffer.from("%PDF-1.4 label")
    route = () => ({
      bytes: pdf,
      headers: {
        "content-type": "application/pdf",
        "content-disposition": 'inline; filename="label-9400.pdf"',
      },
    })
    const res = await fetchReturnLabel(
      backend.sdk,
      { orderId: "order_1", returnId: "return_1", parcel: 2, page: 1 },
      CUSTOMER
    )
    expect(res).not.toBeNull()
    expect(Buffer.from(await res!.arrayBuffer())).toEqual(pdf)
    expect(res!.headers.get("content-type")).toBe("application/pdf")
    expect(last()).toMatchObject({
      path: "/store/shipping-services/orders/order_1/returns/return_1/label",
      query: { parcel: "2", page: "1" },
    })
    expect(last().headers.accept).toBe("*/*")
  })

  it("checks a cart against an option, and chooses one with the refusal field by field", async () => {
    route = (req) =>
      req.path.endsWith("/check")
        ? { json: REFUSAL }
        : {
            status: 400,
            json: {
              type: "invalid_data",
              code: "shipping_services_cart_refused",
              message:
                "International Standard (duty paid) cannot ship this cart: Add a phone number: the carrier needs one for this service",
            },
          }
    expect(await checkCart(backend.sdk, "cart_1", "so_cross")).toEqual(REFUSAL)
    expect(last()).toMatchObject({
      method: "POST",
      path: "/store/shipping-services/carts/cart_1/check",
      body: { option_id: "so_cross" },
    })

    backend.seen.length = 0
    const chosen = await chooseShippingOption(
      backend.sdk,
      "cart_1",
      "so_cross",
      CUSTOMER
    )
    expect(chosen).toEqual({
      ok: false,
      status: 400,
      message:
        "International Standard (duty paid) cannot ship this cart: Add a phone number: the carrier needs one for this service",
      problems: REFUSAL.problems,
    })
    expect(backend.seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      "POST /store/carts/cart_1/shipping-methods",
      "POST /store/shipping-services/carts/cart_1/check",
    ])
    expect(backend.seen[0]!.body).toEqual({ option_id: "so_cross" })
  })

  it("chooses an option the cart can use, and reports another provider's refusal without problems", async () => {
    route = () => ({ json: { cart: { id: "cart_1" } } })
    expect(await chooseShippingOption(backend.sdk, "cart_1", "so_ok")).toEqual({
      ok: true,
    })
    route = (req) =>
      req.path.endsWith("/check")
        ? {
            status: 404,
            json: { message: "not an option of the shipping services plugin" },
          }
        : { status: 400, json: { message: "Shipping option is not valid" } }
    expect(
      await chooseShippingOption(backend.sdk, "cart_1", "so_manual")
    ).toEqual({
      ok: false,
      status: 400,
      message: "Shipping option is not valid",
      problems: [],
    })
  })

  it("reads the delivery promises of a cart's options", async () => {
    const promises = [
      {
        shipping_option_id: "so_ground",
        name: "Postal Ground Advantage",
        estimated_delivery: {
          earliest: "2026-12-01",
          latest: "2026-12-03",
          guaranteed: false,
        },
      },
      {
        shipping_option_id: "so_std",
        name: "Standard",
        estimated_delivery: null,
      },
    ]
    route = () => ({ json: { delivery_promises: promises } })
    expect(await listDeliveryPromises(backend.sdk, "cart_1")).toEqual(promises)
    expect(last()).toMatchObject({
      method: "GET",
      path: "/store/shipping-services/carts/cart_1/delivery-promises",
    })
  })

  it("lists return reasons and an order's return options", async () => {
    route = (req) =>
      req.path === "/store/return-reasons"
        ? {
            json: {
              return_reasons: [
                { id: "rr_1", value: "too_big", label: "Too big" },
              ],
            },
          }
        : {
            json: {
              shipping_options: [
                {
                  id: "so_ret",
                  name: "Postal return label",
                  provider_id: "shipping-services_shipping-services",
                  amount: 0,
                  service_zone: {},
                },
              ],
            },
          }
    expect(await listReturnReasons(backend.sdk)).toEqual([
      { id: "rr_1", value: "too_big", label: "Too big" },
    ])
    expect(await listReturnOptions(backend.sdk, "cart_1", CUSTOMER)).toEqual([
      {
        id: "so_ret",
        name: "Postal return label",
        provider_id: "shipping-services_shipping-services",
        amount: 0,
      },
    ])
    expect(last().query).toEqual({ cart_id: "cart_1", is_return: "true" })
  })
})
