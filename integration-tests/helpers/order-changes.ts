/**
 * Exchanges and claims through Medusa's admin API, as the dashboard makes them: begun on an
 * order, their outbound part (items sent with a shipping option), then requested; order edits.
 */
export type ChangeKind = "exchange" | "claim"

type Admin = { headers: Record<string, string> }

/** The admin routes of the kind of change. */
export const changeRoute = (kind: ChangeKind) =>
  kind === "exchange" ? "/admin/exchanges" : "/admin/claims"

/** Begins an exchange, or a claim of type replace, on the order: Medusa's change as created. */
export async function beginChange(
  api: any,
  admin: Admin,
  kind: ChangeKind,
  orderId: string
): Promise<any> {
  const { data } = await api.post(
    changeRoute(kind),
    kind === "exchange"
      ? { order_id: orderId }
      : { order_id: orderId, type: "replace" },
    admin
  )
  return data[kind]
}

/** The outbound part: the variants sent, with the shipping option that sends them. */
export async function addOutbound(
  api: any,
  admin: Admin,
  kind: ChangeKind,
  changeId: string,
  items: { variant_id: string; quantity: number }[],
  shippingOptionId: string
): Promise<void> {
  const base = `${changeRoute(kind)}/${changeId}`
  await api.post(`${base}/outbound/items`, { items }, admin)
  await api.post(
    `${base}/outbound/shipping-method`,
    { shipping_option_id: shippingOptionId },
    admin
  )
}

/** The merchant requests (confirms) the change: Medusa's answer. */
export const requestChange = (
  api: any,
  admin: Admin,
  kind: ChangeKind,
  changeId: string
) => api.post(`${changeRoute(kind)}/${changeId}/request`, {}, admin)

/** An order edit adding the variants, requested and confirmed as the admin does. */
export async function confirmAddingEdit(
  api: any,
  admin: Admin,
  orderId: string,
  items: { variant_id: string; quantity: number }[]
): Promise<void> {
  await api.post("/admin/order-edits", { order_id: orderId }, admin)
  await api.post(`/admin/order-edits/${orderId}/items`, { items }, admin)
  await api.post(`/admin/order-edits/${orderId}/request`, {}, admin)
  await api.post(`/admin/order-edits/${orderId}/confirm`, {}, admin)
}

/** An exchange of one unit of the order's line for one of the variant, not yet requested: its id. */
export async function beginOneForOneExchange(
  api: any,
  admin: Admin,
  orderId: string,
  lineId: string,
  variantId: string,
  shippingOptionId: string
): Promise<string> {
  const exchangeId = (await beginChange(api, admin, "exchange", orderId))
    .id as string
  await api.post(
    `/admin/exchanges/${exchangeId}/inbound/items`,
    { items: [{ id: lineId, quantity: 1 }] },
    admin
  )
  await addOutbound(
    api,
    admin,
    "exchange",
    exchangeId,
    [{ variant_id: variantId, quantity: 1 }],
    shippingOptionId
  )
  return exchangeId
}
