import { MedusaModule } from "@medusajs/framework/modules-sdk"
import { Modules } from "@medusajs/framework/utils"
import { ExpiringMap } from "../../lib/cache/expiring-map"
import { isFresh, type Quote } from "../../lib/quotes/quote"

/** Medusa's Caching Module (shared by every process) or this process. */
export type QuoteStore = {
  get(key: string): Promise<unknown>
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>
}

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

/** With caching-redis every process shares it. */
function cachingModule(): CachingLike | undefined {
  const instance = MedusaModule.getModuleInstance(Modules.CACHING) as
    Record<string, CachingLike> | undefined
  return instance?.[Modules.CACHING]
}

/** Without a Caching Module: a day at most, the newest 10,000 (freshness judged by each quote's time). */
const memory = new ExpiringMap<string, unknown>({
  ttlMs: 24 * 60 * 60_000,
  maxEntries: 10_000,
})

const memoryStore: QuoteStore = {
  get: async (key) => memory.get(key) ?? null,
  set: async (key, value) => memory.set(key, value),
}

/** A failing cache (Redis away) is a miss, never a failed checkout. */
export function defaultQuoteStore(): QuoteStore {
  const caching = cachingModule()
  if (!caching) return memoryStore
  return {
    get: async (key) =>
      (await caching.get({ key: KEY_PREFIX + key }).catch(() => null)) ?? null,
    // `tags: []`: else the module walks the data for entity ids.
    set: async (key, value, ttlSeconds) =>
      caching
        .set({ key: KEY_PREFIX + key, data: value, ttl: ttlSeconds, tags: [] })
        .catch(() => undefined),
  }
}

export type QuotePolicy = {
  /** quotes.ttlSeconds. */
  ttlMs: number
  /** For the outage fallback (quotes.keepHours). */
  keepMs: number
}

/**
 * One rates call per parcel per cart state: Medusa prices an option many times per checkout, all asking the same.
 * Kept by what the rate depends on for `ttlMs`; concurrent askers share one call. The last is kept longer for outages.
 */
export class Quotes {
  private readonly asking = new Map<string, Promise<Quote>>()

  constructor(
    private readonly store: () => QuoteStore = defaultQuoteStore,
    private readonly clock: () => Date = () => new Date()
  ) {}

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

  /** The outage fallback. */
  async last(key: string): Promise<Quote | null> {
    return (await this.store().get(key)) as Quote | null
  }

  /** For the request that adds the method, which records it (ten minutes at least). */
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

  async recalled<T>(key: string): Promise<T | null> {
    return ((await this.store().get(key)) as T | null) ?? null
  }
}

/** The provider is one instance per process; routes use the same. */
export const processQuotes = new Quotes()
