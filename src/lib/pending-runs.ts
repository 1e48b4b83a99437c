/**
 * Runs of one key that read everything they need when they start (a parcel's whole timeline): a
 * call made while a run of its key waits to start joins that run, which will read what the call
 * would have, instead of queueing one more behind it. A run that has started is never joined: it
 * may have read before the caller's data existed. Per process; the keys of one store.
 */
export class PendingRuns<T> {
  private readonly waiting = new Map<string, Promise<T>>()

  /**
   * `schedule` starts the run and calls `started()` when it begins its reads (after waiting for a
   * lock, say); until then calls of the same key get the same promise.
   */
  run(key: string, schedule: (started: () => void) => Promise<T>): Promise<T> {
    const joined = this.waiting.get(key)
    if (joined) return joined
    let begun = false
    // Set once `schedule` returned; `started` may run before that (a run that starts at once).
    const run: { promise?: Promise<T> } = {}
    const started = () => {
      begun = true
      if (run.promise && this.waiting.get(key) === run.promise)
        this.waiting.delete(key)
    }
    const promise = schedule(started)
    run.promise = promise
    if (!begun) this.waiting.set(key, promise)
    // A run that failed before it started is not joined any more either.
    promise.then(started, started)
    return promise
  }

  /** Keys with a run waiting to start (tests). */
  get size(): number {
    return this.waiting.size
  }
}
