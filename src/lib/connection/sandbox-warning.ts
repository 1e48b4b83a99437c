import type { ServiceIdentity } from "../../shipping-api/client/service-identity"

/** Production must know its labels are test labels no carrier moves, dated on the sandbox's clock. */
export function sandboxInProductionWarning(
  identity: ServiceIdentity,
  nodeEnv: string | undefined,
  baseUrl: string
): string | undefined {
  if (identity.kind !== "sandbox" || nodeEnv !== "production") return undefined
  return `NODE_ENV=production but roots.baseUrl ${baseUrl} is the local sandbox (it says so on every answer): labels bought here are test labels that no carrier moves, and tracking dates are judged on the sandbox's clock. Point roots.baseUrl at the shipping service before selling.`
}
