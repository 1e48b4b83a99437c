import { MedusaModule } from "@medusajs/framework/modules-sdk"
import { Modules } from "@medusajs/framework/utils"
import { ExpiringMap } from "../../lib/cache/expiring-map"
import { isFresh, type Quote } from "../../lib/quotes/quote"

/** Where quotes are kept: Medusa's Caching Module (shared by every process) or this process. */
export type QuoteStore = {
  get(key: string): Promise<unknown>
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>
}

/** What the plugin uses of Medusa's Caching Module (2.21: `@medusajs/medusa/caching`). */
type CachingLike = {
  get(input: { key: string }): Promise<unknown>
  set(input: {
    key: string
    data: unknown
    ttl?: number
    tags?: string[]
  }): Promise<void>
}

const KEY_PREFIX = "shipping-services:quote:"
const PRICE_KEEP_MS = 10 * 60_000

/** The app's Caching Module, when it has one (with caching-redis every process shares it). */
function cachingModule(): CachingLike | undefined {
  const instance = MedusaModule.getModuleInstance(Modules.CACHING) as
    Record<string, CachingLike> | undefined
  return instance?.[Modules.CACHING]
}

/**
 * Quotes in this process only, when the app has no Caching Module: a day at most, and the most
 * recent 10,000 (freshness is judged by each quote's own time).
 */
const memory = new ExpiringMap<string, unknown>({
  ttlMs: 24 * 60 * 60_000,
  maxEntries: 10_000,
})

const memoryStore: QuoteStore = {
  get: async (key) => memory.get(key) ?? null,
  set: async (key, value) => memory.set(key, value),
}

/**
 * The Caching Module when the app registered one, else this process's memory. A cache that
 * fails (Redis away) is a miss, never a failed checkout: the caller asks the service.
 */
export function defaultQuoteStore(): QuoteStore {
  const caching = cachingModule()
  if (!caching) return memoryStore
  return {
    get: async (key) =>
      (await caching.get({ key: KEY_PREFIX + key }).catch(() => null)) ?? null,
    // `tags: []`: no tags computed from the data (the module would walk it for entity ids).
    set: async (key, value, ttlSeconds) =>
      caching
        .set({ key: KEY_PREFIX + key, data: value, ttl: ttlSeconds, tags: [] })
        .catch(() => undefined),
  }
}

export type QuotePolicy = {
  /** A quote younger than this stands for the service's answer (quotes.ttlSeconds). */
  ttlMs: number
  /** How long the last quote is kept for the outage fallback (quotes.keepHours). */
  keepMs: number
}

/**
 * One rates call per parcel per cart state: Medusa prices a calculated option on every listing,
 * calculation, added method and cart refresh (twice inside one "add the method" request), and
 * each of those asks the same question of the service. A quote is kept by what the rate depends
 * on (src/lib/quotes/quote-key.ts) for `ttlMs`, and in this process concurrent askers of one key
 * share one call. The last quote is kept longer, for the outage fallback.
 */
export class Quotes {
  private readonly asking = new Map<string, Promise<Quote>>()

  constructor(
    private readonly store: () => QuoteStore = defaultQuoteStore,
    private readonly clock: () => Date = () => new Date()
  ) {}

  /** A fresh quote for `key`: kept, or asked now with `ask` (and kept). */
  async quote(
    key: string,
    policy: QuotePolicy,
    ask: () => Promise<Quote>
  ): Promise<Quote> {
    if (policy.ttlMs > 0) {
      const kept = (await this.store().get(key)) as Quote | null
      if (kept && isFresh(kept, policy.ttlMs, this.clock())) return kept
    }
    const inFlight = this.asking.get(key)
    if (inFlight) return inFlight
    const asked = ask()
      .then(async (quote) => {
        const keepSeconds = Math.ceil(
          Math.max(policy.ttlMs, policy.keepMs) / 1000
        )
        if (keepSeconds > 0) await this.store().set(key, quote, keepSeconds)
        return quote
      })
      .finally(() => this.asking.delete(key))
    this.asking.set(key, asked)
    return asked
  }

  /** The last quote for `key`, however old (within keepMs): the outage fallback's. */
  async last(key: string): Promise<Quote | null> {
    return (await this.store().get(key)) as Quote | null
  }

  /**
   * Keeps what checkout made of a cart state (an option's price and how it was had) for the
   * request that adds the method, which records it (ten minutes at least, whatever the ttl).
   */
  async remember(
    key: string,
    value: unknown,
    policy: QuotePolicy
  ): Promise<void> {
    await this.store().set(
      key,
      value,
      Math.ceil(Math.max(policy.ttlMs, PRICE_KEEP_MS) / 1000)
    )
  }

  /** What `remember` kept under `key`, if anything. */
  async recalled<T>(key: string): Promise<T | null> {
    return ((await this.store().get(key)) as T | null) ?? null
  }
}

/** This process's quotes (the provider is one instance per process; routes use the same). */
export const processQuotes = new Quotes()
