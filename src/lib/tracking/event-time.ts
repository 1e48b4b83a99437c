/**
 * Doc 3 gives event times as local date (YYYY-MM-DD), time (HH:MM:SS) and offset (±hh:mm).
 * Ordering a timeline needs one instant; without an offset the time is taken as UTC, which
 * can misplace an event by hours but never loses it.
 */
export function eventInstant(
  date?: string | null,
  time?: string | null,
  offset?: string | null
): Date | null {
  const d = date?.trim()
  if (!d || !/^\d{4}-\d{2}-\d{2}$/.test(d)) return null
  const t =
    time?.trim() && /^\d{2}:\d{2}(:\d{2})?$/.test(time.trim())
      ? time.trim()
      : "00:00:00"
  const o =
    offset?.trim() && /^[+-]\d{2}:?\d{2}$/.test(offset.trim())
      ? normaliseOffset(offset.trim())
      : "Z"
  const instant = new Date(`${d}T${t.length === 5 ? `${t}:00` : t}${o}`)
  return Number.isNaN(instant.getTime()) ? null : instant
}

function normaliseOffset(offset: string): string {
  return offset.includes(":")
    ? offset
    : `${offset.slice(0, 3)}:${offset.slice(3)}`
}
