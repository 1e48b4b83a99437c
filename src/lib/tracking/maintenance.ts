/**
 * Doc 3 rule 5: polling leaves postal shipments alone "about midnight to 3 a.m. ET". The hour in
 * America/New_York comes from Intl, right across daylight saving changes. Pure.
 */

export const POSTAL_MAINTENANCE = {
  timeZone: "America/New_York",
  startHour: 0,
  endHour: 3,
} as const

export type MaintenanceWindow = {
  timeZone: string
  startHour: number
  endHour: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    })
    formatters.set(timeZone, f)
  }
  return f
}

/** Minutes after local midnight in `timeZone` at instant `at`. */
export function localMinutes(at: Date, timeZone: string): number {
  const parts = formatter(timeZone).formatToParts(at)
  const hour = Number(parts.find((p) => p.type === "hour")?.value ?? 0) % 24
  const minute = Number(parts.find((p) => p.type === "minute")?.value ?? 0)
  return hour * 60 + minute
}

/** True from startHour:00 (inclusive) to endHour:00 (exclusive), local time of the window's zone. */
export function inMaintenanceWindow(
  at: Date,
  window: MaintenanceWindow = POSTAL_MAINTENANCE
): boolean {
  const m = localMinutes(at, window.timeZone)
  const start = window.startHour * 60
  const end = window.endHour * 60
  return start <= end ? m >= start && m < end : m >= start || m < end
}

/** Postal tracking is paused now (doc 3 rule 5). */
export function inPostalMaintenance(at: Date): boolean {
  return inMaintenanceWindow(at, POSTAL_MAINTENANCE)
}
