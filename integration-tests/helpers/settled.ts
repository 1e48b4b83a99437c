import { runningInFlight, whenIdle } from "../../src/lib/in-flight"

/**
 * Waits, as after every test, until the plugin's background work is done: what a file's
 * `beforeAll` made is then copied into the database every test starts from (the copy closes the
 * app's connections under any work still running).
 */
export async function settled(): Promise<void> {
  if (!(await whenIdle({ timeoutMs: 60_000, quietMs: 200 })))
    throw new Error(
      `${runningInFlight()} background job(s) of the plugin still running after 60 s`
    )
}
