import {
  LIMITS,
  WEBHOOK_EVENTS,
  type WebhookType,
} from "../../shipping-api/constants"
import type { DesiredWebhookConfig } from "./reconcile"

export type WebhookOptions = {
  enabled: boolean
  publicUrl?: string
  name: string
  headerName: string
  timeOutSeconds: number
  lockers: boolean
}

export const HOOK_PATHS: Record<WebhookType, string> = {
  tracking: "/hooks/shipping-services/tracking",
  locker: "/hooks/shipping-services/locker",
}

/** Locker when options.webhook.lockers. */
export function wantedTypes(
  webhook: Pick<WebhookOptions, "lockers">
): WebhookType[] {
  return webhook.lockers ? ["tracking", "locker"] : ["tracking"]
}

/** `https://shop.example.com/` + type → `https://shop.example.com/hooks/shipping-services/<type>`. */
export function webhookUrl(publicUrl: string, type: WebhookType): string {
  return `${publicUrl.trim().replace(/\/+$/, "")}${HOOK_PATHS[type]}`
}

/** Create and update send the same (doc 1). */
export function desiredWebhookConfig(
  webhook: WebhookOptions & { publicUrl: string },
  type: WebhookType,
  apiKey: string
): DesiredWebhookConfig {
  return {
    name: webhook.name.slice(0, LIMITS.webhookName),
    type,
    events: [...WEBHOOK_EVENTS[type]],
    url: webhookUrl(webhook.publicUrl, type),
    timeOut: webhook.timeOutSeconds,
    status: "active",
    authParams: { authType: "custom", headerName: webhook.headerName, apiKey },
  }
}

export type RegistrationBlocker = {
  code: "disabled" | "no-public-url"
  message: string
}

/** Undefined when registration can go ahead. */
export function registrationBlocker(
  webhook: Pick<WebhookOptions, "enabled" | "publicUrl">
): RegistrationBlocker | undefined {
  if (!webhook.enabled) {
    return {
      code: "disabled",
      message:
        "webhook.enabled is false: no tracking webhook is registered; tracking comes from the polling job only (existing configurations at the service are left as they are: run the remove-webhooks script to delete them)",
    }
  }
  if (!webhook.publicUrl?.trim()) {
    return {
      code: "no-public-url",
      message:
        "webhook.publicUrl is not set: the service cannot reach this store, so no tracking webhook is registered and tracking comes from the polling job only. Set it to the store's public backend URL (https://…)",
    }
  }
  return undefined
}

/** Never fatal: the polling job still brings tracking in. */
export function publicUrlWarnings(
  webhook: Pick<WebhookOptions, "enabled" | "publicUrl">,
  nodeEnv: string | undefined
): string[] {
  if (!webhook.enabled) return []
  const url = webhook.publicUrl?.trim()
  if (!url) return [registrationBlocker(webhook)!.message]
  const out: string[] = []
  let parsed: URL | undefined
  try {
    parsed = new URL(url)
  } catch {
    return [`webhook.publicUrl ${JSON.stringify(url)} is not a URL`]
  }
  if (nodeEnv === "production" && parsed.protocol !== "https:") {
    out.push(
      `webhook.publicUrl ${parsed.origin} is not https while NODE_ENV=production: webhook keys would travel in clear text; use the store's https URL`
    )
  }
  if (
    nodeEnv === "production" &&
    /^(localhost|127\.|0\.0\.0\.0|\[::1\])/.test(parsed.hostname)
  ) {
    out.push(
      `webhook.publicUrl ${parsed.origin} points at this machine: the service cannot reach it`
    )
  }
  return out
}

export type RegistrationRow = {
  id: string
  type: string
  config_id?: string | null
  name?: string | null
  url?: string | null
  events?: unknown
  status?: string | null
  header_name?: string | null
  api_key?: string | null
  previous_api_key?: string | null
  time_out?: number | null
  synced_at?: Date | string | null
  key_rotated_at?: Date | string | null
  last_delivery_at?: Date | string | null
  last_error?: unknown
}

/** A whitelist, so neither key can ever leak. */
export type PublicRegistration = {
  type: string
  id: string | null
  url: string | null
  events: string[]
  status: string | null
  header_name: string | null
  time_out: number | null
  synced_at: string | null
  last_delivery_at: string | null
  key_rotated_at: string | null
  /** Null: none is. */
  previous_key_accepted_until: string | null
  last_error: unknown
}

const iso = (v: Date | string | null | undefined): string | null =>
  v ? new Date(v).toISOString() : null

export function publicRegistration(
  row: RegistrationRow,
  graceMs: number,
  now: Date = new Date()
): PublicRegistration {
  const rotatedAt = row.key_rotated_at
    ? new Date(row.key_rotated_at).getTime()
    : Number.NaN
  const until =
    row.previous_api_key &&
    !Number.isNaN(rotatedAt) &&
    rotatedAt + graceMs > now.getTime()
      ? new Date(rotatedAt + graceMs)
      : null
  return {
    type: row.type,
    id: row.config_id ?? null,
    url: row.url ?? null,
    events: Array.isArray(row.events) ? row.events.map(String) : [],
    status: row.status ?? null,
    header_name: row.header_name ?? null,
    time_out: row.time_out ?? null,
    synced_at: iso(row.synced_at),
    last_delivery_at: iso(row.last_delivery_at),
    key_rotated_at: iso(row.key_rotated_at),
    previous_key_accepted_until: until ? until.toISOString() : null,
    last_error: row.last_error ?? null,
  }
}
