import pLimit from "p-limit"

/**
 * A counting semaphore shared by every call of one client (doc 4 "Rate limits": clients bound
 * their own concurrency): p-limit, which serves waiting tasks strictly in order (a freed slot
 * goes to the head of the queue, never to a newcomer) and frees the slot however a task ends.
 */
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
