import type { Api } from "../../dev/seed/api"
import {
  placeOrder,
  type ShopperAddress,
  type StoreSetup,
} from "../../dev/seed/store"

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
export function placeCustomerOrder(
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
  return placeOrder(
    api,
    store,
    {
      region: "us",
      address: order.address,
      optionId: order.optionId,
      items: [{ variantId: order.variantId, quantity: order.quantity ?? 1 }],
      email: customer.email,
    },
    { headers: customer.headers }
  )
}
