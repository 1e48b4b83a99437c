/**
 * A counting semaphore shared by every call of one client (doc 4 "Rate limits": clients bound
 * their own concurrency). FIFO, so a burst of label purchases is served in order and no caller
 * starves behind later ones.
 */
export class Limiter {
  private active = 0
  private readonly waiting: (() => void)[] = []

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError("concurrency must be a whole number of at least 1")
    }
  }

  get inFlight(): number {
    return this.active
  }

  get queued(): number {
    return this.waiting.length
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire()
    try {
      return await task()
    } finally {
      this.release()
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.capacity) {
      this.active++
      return Promise.resolve()
    }
    // The slot is handed over directly in release(), so `active` never dips and lets a newcomer jump the queue.
    return new Promise((resolve) => this.waiting.push(resolve))
  }

  private release(): void {
    const next = this.waiting.shift()
    if (next) {
      next()
    } else {
      this.active--
    }
  }
}
