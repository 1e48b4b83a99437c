import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "./sdk"
import type {
  AdminOrderShipments,
  BatchView,
  ReadyToShipPage,
  AutoFulfillmentView,
  CloseOutResult,
  ConnectionCheck,
  ManifestView,
  OrphanView,
  HealthView,
  ReadinessReport,
  ReturnsGuardView,
  SenderContact,
  ServiceView,
  SetupApplyResult,
  SetupPlan,
  FlatAmount,
  ShipmentView,
  WebhookStatus,
} from "./types"

/** Query keys of the plugin's admin data (one prefix, so a mutation can refresh all of it). */
export const keys = {
  all: ["shipping-services"] as const,
  order: (orderId: string) => ["shipping-services", "order", orderId] as const,
  connection: ["shipping-services", "connection"] as const,
  services: ["shipping-services", "services"] as const,
  webhooks: ["shipping-services", "webhooks"] as const,
  contact: ["shipping-services", "contact"] as const,
  manifests: ["shipping-services", "manifests"] as const,
  orphans: ["shipping-services", "orphans"] as const,
  health: ["shipping-services", "health"] as const,
  readiness: (productId?: string) =>
    ["shipping-services", "readiness", productId ?? "all"] as const,
  returns: ["shipping-services", "returns"] as const,
  setup: (locationId: string | null) =>
    ["shipping-services", "setup", locationId ?? "all"] as const,
}

const base = "/admin/shipping-services"
const get = <T>(path: string) => sdk.client.fetch<T>(`${base}${path}`)
const post = <T>(path: string, body: Record<string, unknown> = {}) =>
  sdk.client.fetch<T>(`${base}${path}`, { method: "POST", body })

const busy = (d: AdminOrderShipments | undefined) =>
  d?.auto_fulfillment?.status === "running" ||
  d?.auto_fulfillment?.status === "pending" ||
  // An exchange's or claim's return label being bought (nothing failed yet).
  !!d?.waiting_return_labels?.some((w) => !w.last_error)

/** Refreshed every few seconds while a label is being bought, so it shows up by itself. */
export const useOrderShipments = (orderId: string) =>
  useQuery({
    queryKey: keys.order(orderId),
    queryFn: () => get<AdminOrderShipments>(`/orders/${orderId}/shipments`),
    refetchInterval: (query) => (busy(query.state.data) ? 3_000 : false),
  })

/** After a change to an order's labels: our view and Medusa's own order page (fulfillments). */
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
      post<{
        reprints: ShipmentView["reprints"]
        shipment: ShipmentView | null
      }>(`/shipments/${shipmentId}/reprint`),
    onSettled: refresh,
  })
}

export function useVoid(orderId: string) {
  const refresh = useRefreshOrder(orderId)
  return useMutation({
    mutationFn: (shipmentId: string) =>
      post<{
        void: { status: string; void_status: string | null }
        shipment: ShipmentView | null
      }>(`/shipments/${shipmentId}/void`),
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

/** "Buy now" for a waiting return label of an exchange or a claim. */
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

export const useConnection = () =>
  useQuery({
    queryKey: keys.connection,
    queryFn: () => get<ConnectionCheck>("/connection"),
    staleTime: Infinity,
    retry: false,
  })

export const useServices = () =>
  useQuery({
    queryKey: keys.services,
    queryFn: () => get<{ services: ServiceView[] }>("/services"),
  })

export const useReturnsGuard = () =>
  useQuery({
    queryKey: keys.returns,
    queryFn: () => get<ReturnsGuardView>("/returns"),
  })

export const useWebhooks = () =>
  useQuery({
    queryKey: keys.webhooks,
    queryFn: () => get<{ webhooks: WebhookStatus }>("/webhooks"),
  })

export function useWebhookAction(action: "re-register" | "rotate-key") {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => post<{ webhooks: WebhookStatus }>(`/webhooks/${action}`),
    onSettled: () => client.invalidateQueries({ queryKey: keys.webhooks }),
  })
}

export const useContact = () =>
  useQuery({
    queryKey: keys.contact,
    queryFn: () => get<{ contact: SenderContact | null }>("/contact"),
  })

export function useSaveContact() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (fields: { name?: string; company?: string }) =>
      post<{ contact: SenderContact; changed: boolean }>("/contact", fields),
    onSettled: () => client.invalidateQueries({ queryKey: keys.contact }),
  })
}

export const useManifests = () =>
  useQuery({
    queryKey: keys.manifests,
    queryFn: () => get<{ manifests: ManifestView[] }>("/manifests"),
  })

export function useCloseOut() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => post<CloseOutResult>("/manifests"),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  })
}

export const useOrphans = () =>
  useQuery({
    queryKey: keys.orphans,
    queryFn: () => get<{ orphans: OrphanView[] }>("/orphans"),
  })

/** The Health section's figures, judged (refreshed every minute while the page is open). */
export const useHealth = () =>
  useQuery({
    queryKey: keys.health,
    queryFn: () => get<{ health: HealthView }>("/health"),
    refetchInterval: 60_000,
  })

/** Variants that cannot ship with the configured services (all, or one product's). */
export const useReadiness = (productId?: string) =>
  useQuery({
    queryKey: keys.readiness(productId),
    queryFn: () =>
      get<ReadinessReport>(
        `/readiness${productId ? `?product_id=${encodeURIComponent(productId)}` : ""}`
      ),
  })

export function useVoidOrphan() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (shipmentId: string) => post(`/shipments/${shipmentId}/void`),
    onSettled: () => client.invalidateQueries({ queryKey: keys.orphans }),
  })
}

/** A parcel of "Fulfill in parcels": order line items and quantities, and optionally its weight. */
export type ParcelChoice = {
  items: { line_item_id: string; quantity: number }[]
  weight?: number
}

/**
 * Medusa's own fulfilment (POST /admin/orders/:id/fulfillments) with the parcels chosen, passed
 * to the provider as additional_data (validated by the plugin's middleware).
 */
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

// --- Ready to ship and print batches -----------------------------------------------------------

export type ReadyFilters = {
  view: "awaiting" | "labelled"
  service?: string
  lane?: string
  from?: string
  to?: string
  offset: number
  limit: number
}

export const useReadyToShip = (filters: ReadyFilters) =>
  useQuery({
    queryKey: ["shipping-services", "ready", filters],
    queryFn: () => {
      const params = new URLSearchParams(
        Object.entries(filters)
          .filter(([, v]) => v !== undefined && v !== "")
          .map(([k, v]) => [k, String(v)])
      )
      return get<ReadyToShipPage>(`/ready-to-ship?${params}`)
    },
  })

export type NewBatch = {
  order_ids: string[]
  mode: "buy" | "print"
  layout: string
  packing_slips: boolean
  commercial_invoices: boolean
  separate: boolean
}

export function useCreateBatch() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: NewBatch) =>
      post<{ batch: BatchView }>("/batches", body),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  })
}

const running = (b: BatchView | undefined) => !!b && b.status !== "done"

/** Live progress: refreshed every second while labels are bought or the file is made. */
export const useBatch = (id: string) =>
  useQuery({
    queryKey: ["shipping-services", "batch", id],
    queryFn: () => get<{ batch: BatchView }>(`/batches/${id}`),
    refetchInterval: (query) =>
      running(query.state.data?.batch) ? 1_000 : false,
  })

export const useBatches = () =>
  useQuery({
    queryKey: ["shipping-services", "batches"],
    queryFn: () =>
      get<{ batches: BatchView[]; count: number }>("/batches?limit=10"),
    refetchInterval: (query) =>
      query.state.data?.batches.some(running) ? 2_000 : false,
  })

export function useRetryBatch(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (itemIds?: string[]) =>
      post<{ batch: BatchView }>(
        `/batches/${id}/retry`,
        itemIds ? { item_ids: itemIds } : {}
      ),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  })
}

export function usePrintBatch(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (settings: {
      layout?: string
      packing_slips?: boolean
      commercial_invoices?: boolean
      separate?: boolean
    }) => post<{ batch: BatchView }>(`/batches/${id}/print`, settings),
    onSettled: () =>
      client.invalidateQueries({
        queryKey: ["shipping-services", "batch", id],
      }),
  })
}

export function useHoldOrder() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ orderId, hold }: { orderId: string; hold: boolean }) =>
      post<{ order_id: string; status: string }>(
        `/orders/${orderId}/${hold ? "hold" : "release"}`
      ),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  })
}

/** The setup's preview (it asks the rates operation, so it is not refetched on every focus). */
export const useSetupPreview = (locationId: string | null) =>
  useQuery({
    queryKey: keys.setup(locationId),
    queryFn: () =>
      get<{ plan: SetupPlan }>(
        `/setup${locationId ? `?location_id=${encodeURIComponent(locationId)}` : ""}`
      ),
    refetchOnWindowFocus: false,
    retry: false,
  })

export function useApplySetup() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: {
      location_ids?: string[]
      flat_amounts?: FlatAmount[]
    }) => post<SetupApplyResult>("/setup", body),
    onSettled: () =>
      client.invalidateQueries({ queryKey: ["shipping-services", "setup"] }),
  })
}
