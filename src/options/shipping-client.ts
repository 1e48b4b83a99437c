import { createHash } from "node:crypto"
import type {
  CallObserver,
  ShippingClientConfig,
  ShippingLogger,
} from "../shipping-api/client/config"
import { ShippingClient } from "../shipping-api/client/shipping-client"
import { resolveRoots } from "./resolve"
import type { PluginOptions } from "./schema"

export function clientConfigOf(
  options: PluginOptions,
  logger?: ShippingLogger,
  observer?: CallObserver
): ShippingClientConfig {
  return {
    roots: resolveRoots(options.roots),
    credentials: options.credentials,
    timeoutMs: options.http.timeoutMs,
    concurrency: options.http.concurrency,
    maxAttempts: options.http.maxAttempts,
    acceptLanguage: options.http.acceptLanguage,
    carrierCodes: options.carrierCodes,
    shipper: {
      carrierAccountId: options.shipper.carrierAccountId,
      ratePlan: options.shipper.ratePlan,
      integratorCarrierId: options.shipper.integratorCarrierId,
    },
    logger,
    ...(observer ? { observer } : {}),
  }
}

/** The cached client logs through whichever logger the latest caller set. */
function forwardingLogger(): {
  logger: ShippingLogger
  sink: { target?: ShippingLogger }
} {
  const sink: { target?: ShippingLogger } = {}
  return {
    sink,
    logger: {
      debug: (m) => sink.target?.debug?.(m),
      info: (m) => sink.target?.info?.(m),
      warn: (m) => sink.target?.warn?.(m),
      error: (m) => sink.target?.error?.(m),
    },
  }
}

const clients = new Map<
  string,
  {
    client: ShippingClient
    sink: { target?: ShippingLogger }
    observers: { target?: CallObserver }
  }
>()

/** One client per configuration per process: one concurrency limit process-wide, one token fetch. */
export function sharedShippingClient(
  options: PluginOptions,
  logger?: ShippingLogger,
  observer?: CallObserver
): ShippingClient {
  const key = createHash("sha256")
    .update(
      JSON.stringify([
        options.roots,
        options.credentials,
        options.http,
        options.carrierCodes,
        options.shipper,
      ])
    )
    .digest("hex")
  let entry = clients.get(key)
  if (!entry) {
    const forwarding = forwardingLogger()
    const observers: { target?: CallObserver } = {}
    entry = {
      client: new ShippingClient(
        clientConfigOf(options, forwarding.logger, (record) =>
          observers.target?.(record)
        )
      ),
      sink: forwarding.sink,
      observers,
    }
    clients.set(key, entry)
  }
  if (logger) entry.sink.target = logger
  if (observer) entry.observers.target = observer
  return entry.client
}
