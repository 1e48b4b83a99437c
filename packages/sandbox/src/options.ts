import type { CarrierCodes } from "../../../src/shipping-api/rules/types"
import type { ScenarioName } from "./tracking/scenarios"

/** One merchant account of the sandbox; everything created with its token belongs to it. */
export type SandboxAccount = {
  apiKey: string
  apiSecret: string
  /** Shown as `developerPartnerId` in webhook configuration responses (doc 1). */
  developerPartnerId?: string
  /** SHIPPER_ID the account owns (dev/app-options.ts uses 9024324). Informational. */
  shipperId?: string
  /** Client id reported by tracking (`clientId`). */
  clientId?: string
  /**
   * Wire value per neutral carrier for this account (the plugin's `carrierCodes` option): its
   * requests carry them, and every carrier it is answered or notified with is one of them.
   */
  carrierCodes?: CarrierCodes
}

export type SandboxContactSeed = {
  contactId: string
  /** API key of the owning account; default: the first account. */
  apiKey?: string
  idType?: string
  name: string
  company?: string
  email?: string
  phone?: string
}

export type SandboxOptions = {
  /** 0 (default) picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** Origin advertised in roots and label URLs when the sandbox sits behind a proxy. */
  publicUrl?: string
  /** Default: one account `sandbox-key` / `sandbox-secret`. */
  accounts?: SandboxAccount[]
  /** Default: `sandbox-contact` for every account. */
  contacts?: SandboxContactSeed[]
  /** Token life in sandbox seconds. Default 3600. */
  tokenTtlSeconds?: number
  /** Sandbox seconds per real second. 0 freezes the clock (time moves only by `advance`). Default 1. */
  speed?: number
  /** Sandbox time at start (ISO string or epoch ms). Default: real now. */
  startTime?: string | number
  /** Seed of the id counters: same seed, same ids. Default 1. */
  seed?: number
  /** Scenario of new shipments. Default `delivered`. */
  scenario?: ScenarioName
  /** JSON file the state is loaded from at start and saved to (debounced, and at close). */
  statePath?: string
  /** Real milliseconds between webhook attempts (one entry per retry). Default [250, 500, 1000]. */
  webhookBackoffMs?: number[]
  /**
   * A receiver that answers 429 or 503 with Retry-After is retried after that long instead of
   * the backoff, up to this many real milliseconds (longer asks wait this long). Default 120000.
   */
  webhookRetryAfterCapMs?: number
  /** Used when a configuration has no timeOut. Default 10 seconds. */
  webhookDefaultTimeoutSeconds?: number
  /** Control API only from loopback (default true). */
  controlLoopbackOnly?: boolean
  log?: (line: string) => void
}

export const DEFAULT_ACCOUNT: SandboxAccount = {
  apiKey: "sandbox-key",
  apiSecret: "sandbox-secret",
  developerPartnerId: "sandbox-partner",
  shipperId: "9024324",
  clientId: "SANDBOXCLIENT",
}

export type ResolvedOptions = Required<
  Omit<
    SandboxOptions,
    "publicUrl" | "statePath" | "startTime" | "log" | "contacts"
  >
> &
  Pick<SandboxOptions, "publicUrl" | "statePath" | "log"> & {
    startTime: number
    contacts: SandboxContactSeed[]
  }

export function resolveOptions(opts: SandboxOptions = {}): ResolvedOptions {
  const accounts = opts.accounts?.length ? opts.accounts : [DEFAULT_ACCOUNT]
  const start =
    opts.startTime === undefined
      ? Date.now()
      : new Date(opts.startTime).getTime()
  if (Number.isNaN(start))
    throw new Error(`startTime ${String(opts.startTime)} is not a date`)
  const speed = opts.speed ?? 1
  if (!(speed >= 0)) throw new Error("speed must be 0 or more")
  return {
    port: opts.port ?? 0,
    host: opts.host ?? "127.0.0.1",
    publicUrl: opts.publicUrl?.replace(/\/+$/, ""),
    accounts,
    contacts:
      opts.contacts ??
      accounts.map((a) => ({
        contactId: "sandbox-contact",
        apiKey: a.apiKey,
        idType: "SANDBOX",
        name: "Shipping Desk",
        company: "Demo Store",
      })),
    tokenTtlSeconds: opts.tokenTtlSeconds ?? 3600,
    speed,
    startTime: start,
    seed: opts.seed ?? 1,
    scenario: opts.scenario ?? "delivered",
    statePath: opts.statePath,
    webhookBackoffMs: opts.webhookBackoffMs ?? [250, 500, 1000],
    webhookRetryAfterCapMs: opts.webhookRetryAfterCapMs ?? 120_000,
    webhookDefaultTimeoutSeconds: opts.webhookDefaultTimeoutSeconds ?? 10,
    controlLoopbackOnly: opts.controlLoopbackOnly ?? true,
    log: opts.log,
  }
}
