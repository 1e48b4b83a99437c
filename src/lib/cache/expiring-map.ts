/** Oldest-set evicted first. Not lru-cache: its get reorders eviction; it serves entries exactly ttlMs old. */
export class ExpiringMap<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>()

  constructor(
    private readonly opts: {
      ttlMs: number
      maxEntries: number
      now?: () => number
    }
  ) {
    if (!(opts.ttlMs > 0) || !(opts.maxEntries >= 1))
      throw new Error("ExpiringMap needs ttlMs > 0 and maxEntries ≥ 1")
  }

  private now(): number {
    return (this.opts.now ?? Date.now)()
  }

  /** An expired entry is dropped. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.until <= this.now()) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  set(key: K, value: V): void {
    // Re-inserted so Map's insertion order stays "set longest ago first".
    this.entries.delete(key)
    this.entries.set(key, { value, until: this.now() + this.opts.ttlMs })
    while (this.entries.size > this.opts.maxEntries) {
      const oldest = this.entries.keys().next().value as K
      this.entries.delete(oldest)
    }
  }

  delete(key: K): void {
    this.entries.delete(key)
  }

  clear(): void {
    this.entries.clear()
  }

  get size(): number {
    return this.entries.size
  }
}
