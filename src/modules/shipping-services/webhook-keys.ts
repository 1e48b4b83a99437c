/** How long a rotated-out webhook key still authenticates (deliveries in flight, other instances). */
export const PREVIOUS_KEY_GRACE_MS = 24 * 60 * 60 * 1000
const KEY_CACHE_MS = 5_000

/** The registration fields the keys come from. */
type KeyRow = {
  api_key: string | null
  previous_api_key: string | null
  key_rotated_at: Date | string | null
  header_name: string | null
}

/** The keys a webhook delivery may carry, cached per type (the receive route reads them). */
export class WebhookKeys {
  private readonly keyCache_ = new Map<
    string,
    { value: { headerName: string; keys: string[] }; until: number }
  >()

  constructor(
    /** The registration of this type, if any. */
    private readonly registration: (
      type: "tracking" | "locker"
    ) => Promise<KeyRow | undefined>,
    /** webhook.headerName of the options: the header when no registration names one. */
    private readonly defaultHeaderName: () => string
  ) {}

  /**
   * The header and keys a webhook delivery of this type must carry: the current key and, for a
   * day after a rotation, the previous one. Cached briefly: the receive route runs this on every
   * delivery and must stay lean; a rotation reaches other instances within the cache's life,
   * well inside the grace period.
   */
  async accepted(
    type: "tracking" | "locker"
  ): Promise<{ headerName: string; keys: string[] }> {
    const cached = this.cached(type)
    if (cached) return cached
    const registration = await this.registration(type)
    const keys: string[] = []
    if (registration?.api_key) keys.push(registration.api_key)
    const rotatedAt = registration?.key_rotated_at
      ? new Date(registration.key_rotated_at).getTime()
      : 0
    if (
      registration?.previous_api_key &&
      Date.now() - rotatedAt < PREVIOUS_KEY_GRACE_MS
    )
      keys.push(registration.previous_api_key)
    const value = {
      headerName: registration?.header_name ?? this.defaultHeaderName(),
      keys,
    }
    this.keyCache_.set(type, { value, until: Date.now() + KEY_CACHE_MS })
    return value
  }

  /**
   * accepted's answer while it is cached, else null: the receive route takes it without
   * a promise or a deadline timer (it bounds only the read of the row).
   */
  cached(
    type: "tracking" | "locker"
  ): { headerName: string; keys: string[] } | null {
    const cached = this.keyCache_.get(type)
    return cached && cached.until > Date.now() ? cached.value : null
  }

  /** Drops cached webhook keys (after a registration or a rotation in this process). */
  forget(): void {
    this.keyCache_.clear()
  }
}
