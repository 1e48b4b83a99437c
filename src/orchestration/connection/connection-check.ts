import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  displayUrl,
  rootsToCheck,
  ROOT_SERVES,
  type RootName,
} from "../../lib/connection/roots"
import {
  ShippingApiError,
  ShippingAuthenticationError,
} from "../../shipping-api/errors"
import { messageOf } from "../../lib/errors"
import { pluginClient } from "../../lib/plugin-client"
import type { ServiceIdentity } from "../../shipping-api/client/service-identity"
import { shippingOf } from "../../modules/shipping-services"

export type RootCheck = {
  name: RootName
  url: string
  serves: string
  reachable: boolean
  status: number | null
  error: string | null
}
export type ConnectionCheck = {
  token: "ok" | "error"
  /** In words, never the credentials. */
  token_error: string | null
  /** Doc 1's applicable-events list. */
  authorized_call: {
    operation: "listApplicableEvents"
    ok: boolean
    status: number | null
    error: string | null
  }
  roots: RootCheck[]
  /** The sandbox (it says so on every answer), the service, or nobody yet. */
  service:
    | { kind: "sandbox"; clock: string; speed: number }
    | { kind: "service" }
    | { kind: "unknown" }
  checked_at: string
}

const PROBE_TIMEOUT_MS = 5_000
/** The client retries with backoff; an admin page must not wait for all of it. */
const CALL_TIMEOUT_MS = 10_000

/**
 * Token and roots answered separately, so the admin knows what to fix: a token failure means credentials or
 * {auth_url}; a root is reachable on any HTTP status (the probe carries no credentials). Each URL probed once.
 */
export async function checkConnection(
  container: MedusaContainer,
  now = () => new Date()
): Promise<ConnectionCheck> {
  const shipping = shippingOf(container)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const options = shipping.getOptions()
  const roots = rootsToCheck(options)
  const probes = new Map<
    string,
    Promise<{ reachable: boolean; status: number | null; error: string | null }>
  >()
  for (const r of roots) if (!probes.has(r.url)) probes.set(r.url, probe(r.url))

  const client = pluginClient(options, logger)
  const [call, ...checked] = await Promise.all([
    within(client.listApplicableEvents(), CALL_TIMEOUT_MS)
      .then(() => ({ ok: true as const, error: undefined as unknown }))
      .catch((error: unknown) => ({ ok: false as const, error })),
    ...roots.map(async (r) => ({
      name: r.name,
      url: displayUrl(r.url),
      serves: ROOT_SERVES[r.name],
      ...(await probes.get(r.url)!),
    })),
  ])

  // The token operation failing, or its token refused, is a token problem; anything else came after.
  const tokenError = call.ok
    ? null
    : call.error instanceof ShippingAuthenticationError ||
        !(call.error instanceof ShippingApiError) ||
        call.error.operation === "token"
      ? messageOf(call.error)
      : null
  return {
    token: tokenError ? "error" : "ok",
    token_error: tokenError,
    authorized_call: {
      operation: "listApplicableEvents",
      ok: call.ok,
      status: call.ok
        ? 200
        : call.error instanceof ShippingApiError
          ? call.error.status || null
          : null,
      error: call.ok ? null : messageOf(call.error),
    },
    roots: checked as RootCheck[],
    service: serviceOf(client.serviceIdentity(), client.sandboxNow()),
    checked_at: now().toISOString(),
  }
}

function serviceOf(
  identity: ServiceIdentity,
  sandboxNow: Date | undefined
): ConnectionCheck["service"] {
  if (identity.kind === "sandbox" && sandboxNow)
    return {
      kind: "sandbox",
      clock: sandboxNow.toISOString(),
      speed: identity.speed,
    }
  return { kind: identity.kind === "service" ? "service" : "unknown" }
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `no answer within ${ms / 1000} s (the token operation or {webhook_url} is slow or unreachable)`
          )
        ),
      ms
    )
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

async function probe(url: string): Promise<{
  reachable: boolean
  status: number | null
  error: string | null
}> {
  try {
    const res = await fetch(url, {
      method: "GET",
      redirect: "manual",
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    })
    await res.body?.cancel().catch(() => undefined)
    return { reachable: true, status: res.status, error: null }
  } catch (error) {
    const e = error as { name?: string; cause?: { code?: string } }
    const why =
      e?.name === "TimeoutError"
        ? `no answer within ${PROBE_TIMEOUT_MS / 1000} s`
        : (e?.cause?.code ?? messageOf(error))
    return { reachable: false, status: null, error: `not reachable: ${why}` }
  }
}
