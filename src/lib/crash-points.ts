/**
 * Places in the label purchase where the crash tests (integration-tests/fault) stop a real
 * Medusa process with SIGKILL, as a power cut or an OOM kill would: no cleanup, no shutdown
 * hook. Nothing happens unless SHIPPING_SERVICES_CRASH_AT names the point; it is meant for test
 * processes only and is read at every call so a restarted process can run without it.
 *
 * - `before-post`: the pending row (with its transaction id) is committed, the create not sent;
 * - `after-answer`: the service made the label and answered, nothing of it is stored yet.
 * (A kill while the create is in flight is done from outside, while the sandbox holds it.)
 */
export type CrashPoint = "before-post" | "after-answer"

export function crashPoint(point: CrashPoint): void {
  const at = process.env.SHIPPING_SERVICES_CRASH_AT
  if (!at || !at.split(",").includes(point)) return
  process.kill(process.pid, "SIGKILL")
}
