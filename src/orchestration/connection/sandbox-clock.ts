import type { ServiceIdentity } from "../../shipping-api/client/service-identity"

/** What judging dates needs of the shared client (ShippingClient has it; tests fake it). */
export type IdentitySource = {
  serviceIdentity(): ServiceIdentity
  sandboxNow(): Date | undefined
  checkIdentity(): Promise<ServiceIdentity>
}

/** A process that has not heard from the service asks at most this often (its calls may all fail). */
export const UNKNOWN_RECHECK_MS = 30_000

const lastUnknownCheck = new WeakMap<IdentitySource, number>()

/**
 * Plans a timeline with the clock its dates are judged by (src/lib/tracking/plausibility.ts):
 * the sandbox's when the plugin's own calls were last answered by the sandbox, ours otherwise.
 *
 * The sandbox's clock is carried forward from its last answer, which misses an advance made
 * through its control API since — and an advance is what makes the sandbox send the events
 * being judged. So when some event looks dated after it arrived, the service is asked once more
 * (one cheap call) and the timeline planned again with what it says: always when the sandbox
 * answered last, at most every 30 s when nothing answered yet in this process, never when the
 * real service answered last (its events are judged on our clock, and one dated ahead stays
 * ignored). Nothing of an incoming webhook takes part: only answers to our own calls.
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
