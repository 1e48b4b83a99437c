import type { Api } from "../../dev/seed/api"
import type { ShopperAddress, StoreSetup } from "../../dev/seed/store"

export type CustomerSession = { email: string; headers: Record<string, string> }

/** Registers a customer through the store API (emailpass) and logs in: store headers with its bearer. */
export async function registerCustomer(
  api: Api,
  store: StoreSetup,
  email: string,
  password = "supersecret"
): Promise<CustomerSession> {
  const pk = { "x-publishable-api-key": store.publishableKey }
  const { data: registration } = await api.post(
    "/auth/customer/emailpass/register",
    { email, password }
  )
  await api.post(
    "/store/customers",
    { email, first_name: "Ada", last_name: "Lovelace" },
    { headers: { ...pk, authorization: `Bearer ${registration.token}` } }
  )
  const { data: login } = await api.post("/auth/customer/emailpass", {
    email,
    password,
  })
  return { email, headers: { ...pk, authorization: `Bearer ${login.token}` } }
}

/** dev/seed/store.ts placeOrder, as a logged-in customer: the cart (and so the order) is the customer's. */
export async function placeCustomerOrder(
  api: Api,
  store: StoreSetup,
  customer: CustomerSession,
  order: {
    address: ShopperAddress
    optionId: string
    variantId: string
    quantity?: number
  }
): Promise<{ id: string; display_id: number; customer_id: string }> {
  const as = { headers: customer.headers }
  const { data: c } = await api.post(
    "/store/carts",
    { region_id: store.regions.us, sales_channel_id: store.salesChannelId },
    as
  )
  const cartId = c.cart.id
  await api.post(
    `/store/carts/${cartId}/line-items`,
    { variant_id: order.variantId, quantity: order.quantity ?? 1 },
    as
  )
  await api.post(
    `/store/carts/${cartId}`,
    { shipping_address: order.address, billing_address: order.address },
    as
  )
  await api.post(
    `/store/carts/${cartId}/shipping-methods`,
    { option_id: store.shippingOptions[order.optionId] },
    as
  )
  const { data: pc } = await api.post(
    "/store/payment-collections",
    { cart_id: cartId },
    as
  )
  await api.post(
    `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
    { provider_id: "pp_system_default" },
    as
  )
  const { data: done } = await api.post(
    `/store/carts/${cartId}/complete`,
    {},
    as
  )
  if (done.type !== "order")
    throw new Error(
      `cart ${cartId} did not complete: ${JSON.stringify(done.error ?? done)}`
    )
  return done.order
}
