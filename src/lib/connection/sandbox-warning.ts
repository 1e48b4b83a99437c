import type { ServiceIdentity } from "../../shipping-api/client/service-identity"

/**
 * What a store running as production (`NODE_ENV=production`) must be told when the sandbox
 * answers its calls: its labels are test labels no carrier moves, and its tracking dates are
 * judged on the sandbox's clock. Undefined when there is nothing to say. Pure.
 */
export function sandboxInProductionWarning(
  identity: ServiceIdentity,
  nodeEnv: string | undefined,
  baseUrl: string
): string | undefined {
  if (identity.kind !== "sandbox" || nodeEnv !== "production") return undefined
  return `NODE_ENV=production but roots.baseUrl ${baseUrl} is the local sandbox (it says so on every answer): labels bought here are test labels that no carrier moves, and tracking dates are judged on the sandbox's clock. Point roots.baseUrl at the shipping service before selling.`
}
