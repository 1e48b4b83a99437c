/**
 * The service's availability as every process of the shop shares it (a circuit breaker): `down`
 * from the first call the service did not answer (5xx, 503 maintenance, 429 after the client's
 * retries, no answer at all), `up` again once a probe gets an answer. While it is down no label
 * create leaves, orders wait for the service without spending their attempts, and checkout
 * prices calculated options by their fallback. Pure: the record and its transitions; the module
 * keeps it (src/modules/shipping-services/availability.ts), the probe job moves it
 * (src/orchestration/outage/service-outage.ts).
 */
export type OutageRecord = {
  state: "down" | "up"
  /** When it went into this state. */
  since: string
  /** Down: the words of the failure that opened it (the service's status and message). */
  reason?: string | null
  /** Down: when a probe first found it still down (the merchant's alert goes out then, once). */
  confirmed_at?: string | null
  /** Probes made in this outage, and the last one. */
  probes?: number
  last_probe_at?: string | null
  /** The last probe's words, while it fails. */
  last_probe_error?: string | null
  /** Up: when the last outage began, and how many orders waited when it ended. */
  last_outage?: { since: string; until: string; reason?: string | null } | null
}

/** The setting the record lives under (shipping_services_setting). */
export const OUTAGE_SETTING = "service-availability"

/** A failure said the service is away: the record that opens an outage now. Pure. */
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

/**
 * What a probe of a down service makes of the record, and what the merchant is told: the first
 * failed probe confirms the outage (one alert: a single failed call that the next probe finds
 * answered is a blip, not an outage worth a message), an answer ends it. Pure.
 */
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

/** How long an outage lasted (or has lasted until `now`), in words: "3 h 12 min", "45 s". Pure. */
export function durationWords(fromIso: string, to: Date): string {
  const ms = Math.max(0, to.getTime() - new Date(fromIso).getTime())
  const s = Math.round(ms / 1000)
  if (s < 60) return `${s} s`
  const min = Math.floor(s / 60)
  if (min < 60) return `${min} min`
  const h = Math.floor(min / 60)
  return `${h} h ${min % 60} min`
}
