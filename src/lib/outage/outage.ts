/** A circuit breaker shared by all processes: while down no create leaves and orders spend no attempts. */
export type OutageRecord = {
  state: "down" | "up"
  since: string
  /** Down: the service's status and message of the failure that opened it. */
  reason?: string | null
  /** Down: when a probe first found it still down (the alert goes out then, once). */
  confirmed_at?: string | null
  probes?: number
  last_probe_at?: string | null
  /** While it fails. */
  last_probe_error?: string | null
  /** Up: the last outage, and how many orders waited when it ended. */
  last_outage?: { since: string; until: string; reason?: string | null } | null
}

export const OUTAGE_SETTING = "service-availability"

export function outageOpened(reason: string, now: Date): OutageRecord {
  return {
    state: "down",
    since: now.toISOString(),
    reason: reason.slice(0, 500),
    confirmed_at: null,
    probes: 0,
    last_probe_at: null,
    last_probe_error: null,
  }
}

export type ProbeOutcome =
  { answering: true } | { answering: false; error: string }

/** The first failed probe confirms the outage: one failed call answered by the next probe is a blip. */
export function afterProbe(
  record: OutageRecord,
  probe: ProbeOutcome,
  now: Date
): { record: OutageRecord; event: "confirmed" | "back" | null } {
  const at = now.toISOString()
  if (probe.answering)
    return {
      record: {
        state: "up",
        since: at,
        last_outage: {
          since: record.since,
          until: at,
          reason: record.reason ?? null,
        },
      },
      event: record.confirmed_at ? "back" : null,
    }
  const confirm = !record.confirmed_at
  return {
    record: {
      ...record,
      probes: (record.probes ?? 0) + 1,
      last_probe_at: at,
      last_probe_error: probe.error.slice(0, 500),
      confirmed_at: record.confirmed_at ?? at,
    },
    event: confirm ? "confirmed" : null,
  }
}

/** "3 h 12 min", "45 s". */
export function durationWords(fromIso: string, to: Date): string {
  const ms = Math.max(0, to.getTime() - new Date(fromIso).getTime())
  const s = Math.round(ms / 1000)
  if (s < 60) return `${s} s`
  const min = Math.floor(s / 60)
  if (min < 60) return `${min} min`
  const h = Math.floor(min / 60)
  return `${h} h ${min % 60} min`
}
