import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type {
  CloseOutResult,
  ConnectionCheck,
  ManifestView,
  OrphanView,
  ReturnsGuardView,
  SenderContact,
  ServiceView,
  WebhookStatus,
} from "../types"
import { keys, get, post } from "./client"

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

export function useVoidOrphan() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (shipmentId: string) => post(`/shipments/${shipmentId}/void`),
    onSettled: () => client.invalidateQueries({ queryKey: keys.orphans }),
  })
}
