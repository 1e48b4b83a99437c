import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { SetupApplyResult, SetupPlan, FlatAmount } from "../types"
import { keys, get, post } from "./client"

/** It asks the rates operation, so not refetched on every focus. */
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
