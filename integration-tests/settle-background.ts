import { runningInFlight, whenIdle } from "../src/lib/in-flight"

/**
 * After every http test: wait until the plugin's background work (subscribers, jobs) is done.
 * The next test's setup replaces the database under the running app; work still running then
 * fails half-way, holds pooled connections, or lands in the next test (seen in CI as a canceled
 * fulfillment racing the workflow that created it, and as a shutdown timing out).
 */
afterEach(async () => {
  if (!(await whenIdle({ timeoutMs: 60_000, quietMs: 200 }))) {
    throw new Error(
      `${runningInFlight()} background job(s) of the plugin still running 60 s after the test`
    )
  }
})
