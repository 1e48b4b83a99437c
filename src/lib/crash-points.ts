/** Where the crash tests SIGKILL a real process; inert unless SHIPPING_SERVICES_CRASH_AT names it. */
export type CrashPoint = "before-post" | "after-answer"

export function crashPoint(point: CrashPoint): void {
  const at = process.env.SHIPPING_SERVICES_CRASH_AT
  if (!at || !at.split(",").includes(point)) return
  process.kill(process.pid, "SIGKILL")
}
