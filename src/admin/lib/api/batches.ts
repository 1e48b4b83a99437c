import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { BatchView, ReadyToShipPage } from "../types"
import { keys, get, post } from "./client"

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

/** Refreshed every second while labels are bought or the file is made. */
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
