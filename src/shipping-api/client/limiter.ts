import pLimit from "p-limit"

/** Doc 4: clients bound their own concurrency; p-limit serves waiters strictly in order. */
export class Limiter {
  readonly #limit: pLimit.Limit

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError("concurrency must be a whole number of at least 1")
    }
    this.#limit = pLimit(capacity)
  }

  get inFlight(): number {
    return this.#limit.activeCount
  }

  get queued(): number {
    return this.#limit.pendingCount
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    return this.#limit(task)
  }
}
