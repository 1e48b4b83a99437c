import type { ServiceIdentity } from "../../shipping-api/client/service-identity"

/** Tests fake it. */
export type IdentitySource = {
  serviceIdentity(): ServiceIdentity
  sandboxNow(): Date | undefined
  checkIdentity(): Promise<ServiceIdentity>
}

/** Its calls may all fail. */
export const UNKNOWN_RECHECK_MS = 30_000

const lastUnknownCheck = new WeakMap<IdentitySource, number>()

/**
 * Plans a timeline on the sandbox's clock when the sandbox answered us last, ours otherwise. That clock misses control
 * API advances since, so an event dated after arrival triggers one more cheap call and a replan (at most every 30 s
 * while nothing answered; never for the real service). Webhooks take no part.
 */
export async function planOnServiceClock<T extends { ahead: number }>(
  client: IdentitySource,
  plan: (sandboxNow: Date | undefined) => T,
  now: () => number = Date.now
): Promise<T> {
  const first = plan(client.sandboxNow())
  if (!first.ahead) return first
  const identity = client.serviceIdentity()
  if (identity.kind === "service") return first
  if (identity.kind === "unknown") {
    const last = lastUnknownCheck.get(client)
    if (last !== undefined && now() - last < UNKNOWN_RECHECK_MS) return first
    lastUnknownCheck.set(client, now())
  }
  const checked = await client.checkIdentity()
  if (checked.kind !== "sandbox") return first
  return plan(client.sandboxNow())
}
