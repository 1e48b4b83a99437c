import { createHash } from "node:crypto"
import type { AccessToken } from "../schemas/token"

/**
 * Doc 4 "Token operation": one token per credential set, reused for its life, refreshed a little
 * before it ends, and fetched once however many callers need it at the same moment. The cache is
 * module-level so that every client built with the same credentials (the provider, jobs,
 * workflows each build one) shares a token instead of each asking for its own.
 */

type CachedToken = { value: string; refreshAt: number; expiresAt: number }
type Entry = { token?: CachedToken; inflight?: Promise<CachedToken> }

const cache = new Map<string, Entry>()

/** Margin before expiry: 5 minutes or 10 % of the life, whichever is smaller (doc 4). */
export function refreshMarginMs(lifeMs: number): number {
  return Math.min(5 * 60_000, lifeMs * 0.1)
}

/** Key of a credential set; a hash, so the map never holds the secret itself as a key. */
export function tokenCacheKey(
  authUrl: string,
  apiKey: string,
  apiSecret: string
): string {
  return createHash("sha256")
    .update(`${authUrl}\u0000${apiKey}\u0000${apiSecret}`)
    .digest("hex")
}

/** For tests, and for a merchant rotating credentials at runtime. */
export function clearTokenCache(): void {
  cache.clear()
}

export class TokenSource {
  constructor(
    private readonly key: string,
    private readonly fetchToken: () => Promise<AccessToken>,
    private readonly now: () => number
  ) {}

  private entry(): Entry {
    let entry = cache.get(this.key)
    if (!entry) {
      entry = {}
      cache.set(this.key, entry)
    }
    return entry
  }

  /** A valid token: the cached one, the one being fetched, or a new one. */
  async get(): Promise<string> {
    const entry = this.entry()
    if (entry.token && this.now() < entry.token.refreshAt)
      return entry.token.value
    return (await this.refresh(entry)).value
  }

  /**
   * After a 401 with `rejected`: forget it, unless another caller already replaced it, so a burst
   * of 401s on one stale token still causes a single refresh.
   */
  async renew(rejected: string): Promise<string> {
    const entry = this.entry()
    if (
      entry.token &&
      entry.token.value !== rejected &&
      this.now() < entry.token.refreshAt
    ) {
      return entry.token.value
    }
    if (entry.token?.value === rejected) entry.token = undefined
    return (await this.refresh(entry)).value
  }

  private refresh(entry: Entry): Promise<CachedToken> {
    if (!entry.inflight) {
      const requestedAt = this.now()
      entry.inflight = this.fetchToken()
        .then((token) => {
          // Life counted from when we asked, not when the answer came: errs on the early side.
          const cached: CachedToken = {
            value: token.accessToken,
            expiresAt: requestedAt + token.expiresInMs,
            refreshAt:
              requestedAt +
              token.expiresInMs -
              refreshMarginMs(token.expiresInMs),
          }
          entry.token = cached
          return cached
        })
        .finally(() => {
          entry.inflight = undefined
        })
    }
    return entry.inflight
  }
}
