import { useQuery } from "@tanstack/react-query"
import type { HealthView, ReadinessReport } from "../types"
import { keys, get } from "./client"

/** Refreshed every minute while the page is open. */
export const useHealth = () =>
  useQuery({
    queryKey: keys.health,
    queryFn: () => get<{ health: HealthView }>("/health"),
    refetchInterval: 60_000,
  })

/** All, or one product's. */
export const useReadiness = (productId?: string) =>
  useQuery({
    queryKey: keys.readiness(productId),
    queryFn: () =>
      get<ReadinessReport>(
        `/readiness${productId ? `?product_id=${encodeURIComponent(productId)}` : ""}`
      ),
  })
