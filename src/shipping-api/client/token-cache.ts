import { createHash } from "node:crypto"
import type { AccessToken } from "../schemas/token"

// Module-level so every client built with the same credentials shares one token (doc 4 "Token operation").

type CachedToken = { value: string; refreshAt: number; expiresAt: number }
type Entry = { token?: CachedToken; inflight?: Promise<CachedToken> }

const cache = new Map<string, Entry>()

/** 5 minutes or 10 % of the life, whichever is smaller (doc 4). */
export function refreshMarginMs(lifeMs: number): number {
  return Math.min(5 * 60_000, lifeMs * 0.1)
}

/** A hash, so the map never holds the secret itself as a key. */
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

  async get(): Promise<string> {
    const entry = this.entry()
    if (entry.token && this.now() < entry.token.refreshAt)
      return entry.token.value
    return (await this.refresh(entry)).value
  }

  /** Forgets `rejected` unless another caller replaced it, so a burst of 401s causes one refresh. */
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
          // Life counted from when we asked: errs on the early side.
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
