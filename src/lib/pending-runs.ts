/**
 * A call joins a run of its key still waiting to start, which will read what the call would have;
 * a started run is never joined, as it may have read before the caller's data existed.
 */
export class PendingRuns<T> {
  private readonly waiting = new Map<string, Promise<T>>()

  /** `schedule` calls `started()` when the run begins its reads (after a lock, say). */
  run(key: string, schedule: (started: () => void) => Promise<T>): Promise<T> {
    const joined = this.waiting.get(key)
    if (joined) return joined
    let begun = false
    // Set once `schedule` returned; `started` may run before that.
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

  /** For tests. */
  get size(): number {
    return this.waiting.size
  }
}
