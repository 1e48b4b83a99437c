import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../sdk"
import type {
  AdminOrderShipments,
  AutoFulfillmentView,
  ShipmentView,
} from "../types"
import { keys, get, post } from "./client"

const busy = (d: AdminOrderShipments | undefined) =>
  d?.auto_fulfillment?.status === "running" ||
  d?.auto_fulfillment?.status === "pending" ||
  // An exchange's or claim's return label being bought.
  !!d?.waiting_return_labels?.some((w) => !w.last_error)

/** Refreshed every few seconds while a label is being bought. */
export const useOrderShipments = (orderId: string) =>
  useQuery({
    queryKey: keys.order(orderId),
    queryFn: () => get<AdminOrderShipments>(`/orders/${orderId}/shipments`),
    refetchInterval: (query) => (busy(query.state.data) ? 3_000 : false),
  })

/** Our view and Medusa's own order page. */
function useRefreshOrder(orderId: string) {
  const client = useQueryClient()
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: keys.order(orderId) }),
      client.invalidateQueries({ queryKey: ["orders"] }),
    ])
}

export function useReprint(orderId: string) {
  const refresh = useRefreshOrder(orderId)
  return useMutation({
    mutationFn: (shipmentId: string) =>
      post<{ reprints: ShipmentView["reprints"] }>(
        `/shipments/${shipmentId}/reprint`
      ),
    onSettled: refresh,
  })
}

export function useVoid(orderId: string) {
  const refresh = useRefreshOrder(orderId)
  return useMutation({
    mutationFn: (shipmentId: string) =>
      post<{ void: { status: string; void_status: string | null } }>(
        `/shipments/${shipmentId}/void`
      ),
    onSettled: refresh,
  })
}

export function useRetryAutoFulfillment(orderId: string) {
  const refresh = useRefreshOrder(orderId)
  return useMutation({
    mutationFn: () =>
      post<{ auto_fulfillment: AutoFulfillmentView | null }>(
        `/orders/${orderId}/auto-fulfill`
      ),
    onSettled: refresh,
  })
}

export function useBuyReturnLabel(orderId: string) {
  const refresh = useRefreshOrder(orderId)
  return useMutation({
    mutationFn: (returnId: string) =>
      post<{ return_id: string; fulfillment_ids: string[] }>(
        `/returns/${returnId}/label`
      ),
    onSettled: refresh,
  })
}

export type ParcelChoice = {
  items: { line_item_id: string; quantity: number }[]
  weight?: number
}

/** Medusa's own fulfillment with the chosen parcels as additional_data (validated by the plugin's middleware). */
export function useFulfillInParcels(orderId: string) {
  const refresh = useRefreshOrder(orderId)
  return useMutation({
    mutationFn: (parcels: ParcelChoice[]) => {
      const quantities = new Map<string, number>()
      for (const p of parcels)
        for (const i of p.items)
          quantities.set(
            i.line_item_id,
            (quantities.get(i.line_item_id) ?? 0) + i.quantity
          )
      return sdk.client.fetch(`/admin/orders/${orderId}/fulfillments`, {
        method: "POST",
        body: {
          items: [...quantities].map(([id, quantity]) => ({ id, quantity })),
          additional_data: { shipping_services: { parcels } },
        },
      })
    },
    onSettled: refresh,
  })
}
