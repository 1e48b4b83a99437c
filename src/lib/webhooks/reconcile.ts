// Exactly one configuration of ours at the service, matching what we want; extra copies are deleted.
export type WebhookAuth = {
  authType: "custom"
  apiKey: string
  headerName: string
}

export type DesiredWebhookConfig = {
  name: string
  type: "tracking" | "locker"
  events: string[]
  url: string
  timeOut: number
  status: "active"
  authParams: WebhookAuth
}

export type ExistingWebhookConfig = {
  webHookConfigID: string
  name?: string | null
  type?: string | null
  events?: string[] | null
  url?: string | null
  timeOut?: number | string | null
  status?: string | null
  authParams?: {
    authType?: string | null
    apiKey?: string | null
    headerName?: string | null
  } | null
}

export type ReconcilePlan = {
  action: "create" | "update" | "none"
  /** update/none */
  id?: string
  /** Never the key itself. */
  differences: string[]
  remove: string[]
}

export function isOurs(
  config: ExistingWebhookConfig,
  desired: DesiredWebhookConfig,
  knownId?: string | null
): boolean {
  if (knownId && config.webHookConfigID === knownId) return true
  return (
    config.name === desired.name &&
    config.url === desired.url &&
    (config.type ?? desired.type) === desired.type
  )
}

export function differencesOf(
  config: ExistingWebhookConfig,
  desired: DesiredWebhookConfig
): string[] {
  const out: string[] = []
  const have = new Set(config.events ?? [])
  if (
    have.size !== desired.events.length ||
    desired.events.some((e) => !have.has(e))
  )
    out.push("events")
  if (config.url !== desired.url) out.push("url")
  if (config.name !== desired.name) out.push("name")
  if (config.type !== desired.type) out.push("type")
  if (Number(config.timeOut) !== desired.timeOut) out.push("timeOut")
  if ((config.status ?? "active") !== desired.status) out.push("status")
  const auth = config.authParams
  if (
    auth?.authType !== "custom" ||
    auth.headerName !== desired.authParams.headerName ||
    auth.apiKey !== desired.authParams.apiKey
  ) {
    out.push("authParams")
  }
  return out
}

export function planReconcile(
  existing: readonly ExistingWebhookConfig[],
  desired: DesiredWebhookConfig,
  knownId?: string | null
): ReconcilePlan {
  const ours = existing.filter((c) => isOurs(c, desired, knownId))
  if (!ours.length) {
    return { action: "create", differences: [], remove: [] }
  }
  // Keep the one we registered (known id), else the closest match, else the first.
  const keep =
    ours.find((c) => c.webHookConfigID === knownId) ??
    [...ours].sort(
      (a, b) =>
        differencesOf(a, desired).length - differencesOf(b, desired).length
    )[0]
  const differences = differencesOf(keep, desired)
  return {
    action: differences.length ? "update" : "none",
    id: keep.webHookConfigID,
    differences,
    remove: ours.filter((c) => c !== keep).map((c) => c.webHookConfigID),
  }
}
