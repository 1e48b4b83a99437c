import { useQuery } from "@tanstack/react-query"
import type { HealthView, ReadinessReport } from "../types"
import { keys, get } from "./client"

/** Health figures and the catalog's readiness (settings page and product widget). */

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
