/** Callers share a flush and wait until their items are stored; a failed shared flush retries each alone. */
export type BatcherOptions = {
  maxBatch: number
  /** Otherwise flush after this long (0 = at the next turn of the event loop). */
  maxWaitMs: number
  /** The rest queue up and grow. */
  maxConcurrentFlushes?: number
  /** Default: always. False for failures no retry can change, such as a lost connection. */
  isolate?: (error: unknown) => boolean
}

type Pending<T, R> = {
  items: T[]
  resolve: (r: R[]) => void
  reject: (e: unknown) => void
}

export class Batcher<T, R> {
  private queue: Pending<T, R>[] = []
  private queued = 0
  private timer: NodeJS.Timeout | null = null
  private running = 0

  constructor(
    private readonly flushFn: (items: T[]) => Promise<R[]>,
    private readonly options: BatcherOptions
  ) {}

  /** Resolves with their results, in order, once flushed. */
  add(items: T[]): Promise<R[]> {
    if (!items.length) return Promise.resolve([])
    return new Promise<R[]>((resolve, reject) => {
      this.queue.push({ items, resolve, reject })
      this.queued += items.length
      this.schedule()
    })
  }

  private schedule() {
    const max = this.options.maxConcurrentFlushes ?? 4
    if (this.running >= max) return
    if (this.queued >= this.options.maxBatch) {
      this.flushNow()
    } else if (!this.timer) {
      this.timer = setTimeout(() => this.flushNow(), this.options.maxWaitMs)
    }
  }

  private flushNow() {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
    }
    if (!this.queue.length) return
    const groups: Pending<T, R>[] = []
    let count = 0
    while (
      this.queue.length &&
      (count === 0 ||
        count + this.queue[0].items.length <= this.options.maxBatch)
    ) {
      const g = this.queue.shift()!
      groups.push(g)
      count += g.items.length
    }
    this.queued -= count
    this.running++
    const all = groups.flatMap((g) => g.items)
    // A flush that throws at once counts as failed too; resolving callers is not part of it.
    Promise.resolve()
      .then(() => this.flushFn(all))
      .then(
        (results) => {
          let i = 0
          for (const g of groups) {
            g.resolve(results.slice(i, i + g.items.length))
            i += g.items.length
          }
        },
        (e) =>
          groups.length > 1 && (this.options.isolate?.(e) ?? true)
            ? this.flushAlone(groups)
            : groups.forEach((g) => g.reject(e))
      )
      .finally(() => {
        this.running--
        if (this.queue.length) this.schedule()
      })
  }

  /** One after the other, within the same slot. */
  private async flushAlone(groups: Pending<T, R>[]) {
    for (const g of groups) {
      try {
        g.resolve(await this.flushFn(g.items))
      } catch (e) {
        g.reject(e)
      }
    }
  }
}
