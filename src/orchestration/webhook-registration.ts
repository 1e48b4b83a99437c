import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { newWebhookKey } from "../lib/webhooks/auth"
import {
  desiredWebhookConfig,
  publicRegistration,
  publicUrlWarnings,
  registrationBlocker,
  wantedTypes,
  webhookUrl,
  type PublicRegistration,
  type RegistrationBlocker,
} from "../lib/webhooks/desired"
import { isOurs, planReconcile, type DesiredWebhookConfig, type ExistingWebhookConfig } from "../lib/webhooks/reconcile"
import type { WebhookRegistrationRecord } from "../modules/shipping-services/models"
import { PREVIOUS_KEY_GRACE_MS } from "../modules/shipping-services/service"
import type ShippingServicesModuleService from "../modules/shipping-services/service"
import { pluginClient } from "./client"
import { SHIPPING_SERVICES_MODULE } from "../options/resolve"
import type { ShippingClient } from "../shipping-api/client"
import type { WebhookType } from "../shipping-api/constants"
import { ShippingApiError, ShippingNotFoundError } from "../shipping-api/errors"
import { deleteSetting, readSetting, writeSetting } from "./plugin-settings"

/**
 * Webhook registration (doc 1) for this store: exactly one configuration per wanted type at the
 * service, matching the options, with our key; the stored WebhookRegistration row remembers its
 * id, the key (and the previous one during a rotation's grace period), and how the last sync went.
 *
 * Runs at install (migration script), at every boot (the module's onApplicationStart), every
 * 15 minutes (job heal-webhook-registrations), and from the admin (re-register, rotate-key). All
 * of them go through one lock of Medusa's Locking Module and read everything again inside it,
 * so instances starting together create one configuration, not several; with the default
 * in-memory locking provider the lock only covers one process, so separate instances need a
 * shared provider (Redis or PostgreSQL) — and even without one, the next run deletes any extra
 * copy (planReconcile keeps the known id and removes the others).
 *
 * The keys are never logged, returned or put in an error: only the client sees them, and it
 * scrubs them from anything it reports.
 */

export const WEBHOOK_LOCK_KEY = "shipping-services:webhook-registration"
/** Setting written by the remove-webhooks script: nothing registers again until an admin re-registers. */
export const WEBHOOKS_REMOVED_SETTING = "webhooks.removed"
/** Setting with the outcome of the last run (shown in the admin, also when no row could be written). */
export const WEBHOOKS_LAST_RUN_SETTING = "webhooks.last_run"

type Locking = {
  execute<T>(keys: string | string[], job: () => Promise<T>, args?: { timeout?: number; expire?: number }): Promise<T>
}

export type RegistrationDeps = {
  shipping: ShippingServicesModuleService
  logger: Logger
  /** Medusa's Locking Module; without it (never in a Medusa app) runs are not serialised. */
  locking?: Locking
  /** Tests pass their own client; the plugin uses the process's shared one. */
  client?: ShippingClient
  now?: () => Date
}

export function registrationDeps(container: MedusaContainer): RegistrationDeps {
  return {
    shipping: container.resolve(SHIPPING_SERVICES_MODULE),
    logger: container.resolve(ContainerRegistrationKeys.LOGGER),
    locking: container.resolve(Modules.LOCKING, { allowUnregistered: true }) as Locking | undefined,
  }
}

export type TypeResult = {
  type: WebhookType
  action: "create" | "update" | "none" | "delete"
  /** What differed at the service (field names only). */
  differences: string[]
  /** Extra configurations of ours deleted at the service. */
  removed: string[]
  config_id: string | null
  error?: ErrorRecord
}

export type ReconcileOutcome = {
  reason: string
  ok: boolean
  skipped?: { code: RegistrationBlocker["code"] | "removed" | "busy"; message: string }
  error?: ErrorRecord
  results: TypeResult[]
}

export type ErrorRecord = { message: string; status?: number; codes?: string[]; operation?: string; at: string }

function errorRecord(error: unknown, now: Date): ErrorRecord {
  if (error instanceof ShippingApiError) {
    return { message: error.message, status: error.status, codes: error.codes, operation: error.operation, at: now.toISOString() }
  }
  return { message: error instanceof Error ? error.message : String(error), at: now.toISOString() }
}

/** Runs `job` under the registration lock; `busy` when another run holds it past `timeoutSeconds`. */
async function withLock<T>(deps: RegistrationDeps, timeoutSeconds: number, job: () => Promise<T>): Promise<T | "busy"> {
  if (!deps.locking) return job()
  let started = false
  try {
    return await deps.locking.execute(
      WEBHOOK_LOCK_KEY,
      () => {
        started = true
        return job()
      },
      { timeout: timeoutSeconds, expire: 300 }
    )
  } catch (error) {
    // Every locking provider of Medusa 2.21 fails a wait that timed out with "Timed-out acquiring lock."
    if (!started && isLockTimeout(error)) return "busy"
    throw error
  }
}

export function isLockTimeout(error: unknown): boolean {
  return error instanceof Error && /timed-?out acquiring lock/i.test(error.message)
}

export type EnsureOptions = {
  /** For the logs: install, boot, job, admin, rotate-key. */
  reason: string
  /** Register even after the remove-webhooks script (an admin asked for it). */
  force?: boolean
  /** How long to wait for another run holding the lock (seconds). */
  lockTimeoutSeconds?: number
}

/** Reconciles the registrations with the service (see the file comment). Never throws for a service failure: see `ok`. */
export async function ensureWebhookRegistrations(container: MedusaContainer, options: EnsureOptions): Promise<ReconcileOutcome> {
  return reconcileWebhooks(registrationDeps(container), options)
}

export async function reconcileWebhooks(deps: RegistrationDeps, options: EnsureOptions): Promise<ReconcileOutcome> {
  const result = await withLock(deps, options.lockTimeoutSeconds ?? 60, async () => {
    const outcome = await reconcileLocked(deps, options)
    await recordRun(deps, outcome)
    return outcome
  })
  if (result === "busy") {
    return { reason: options.reason, ok: true, skipped: { code: "busy", message: "another registration run holds the lock; it does the work" }, results: [] }
  }
  return result
}

export type LastRun = { at: string; reason: string; ok: boolean; skipped: ReconcileOutcome["skipped"] | null; error: ErrorRecord | null; actions: string[] }

async function recordRun(deps: RegistrationDeps, outcome: ReconcileOutcome): Promise<void> {
  const run: LastRun = {
    at: (deps.now?.() ?? new Date()).toISOString(),
    reason: outcome.reason,
    ok: outcome.ok,
    skipped: outcome.skipped ?? null,
    error: outcome.error ?? null,
    actions: outcome.results.map((r) => `${r.type}: ${r.action}${r.differences.length ? ` (${r.differences.join(", ")})` : ""}`),
  }
  try {
    await writeSetting(deps.shipping, WEBHOOKS_LAST_RUN_SETTING, run as unknown as Record<string, unknown>)
  } catch (error) {
    deps.logger.debug?.(`shipping-services: could not record the webhook registration run: ${error instanceof Error ? error.message : String(error)}`)
  }
}

async function reconcileLocked(deps: RegistrationDeps, options: EnsureOptions): Promise<ReconcileOutcome> {
  const { shipping, logger } = deps
  const now = deps.now?.() ?? new Date()
  const pluginOptions = shipping.getOptions()
  const webhook = pluginOptions.webhook
  const blocker = registrationBlocker(webhook)
  if (blocker) {
    return { reason: options.reason, ok: true, skipped: blocker, results: [] }
  }
  const removed = await readSetting<{ at?: string }>(shipping, WEBHOOKS_REMOVED_SETTING)
  if (removed) {
    if (!options.force) {
      return {
        reason: options.reason,
        ok: true,
        skipped: { code: "removed", message: `webhooks were removed by the remove-webhooks script${removed.at ? ` on ${removed.at}` : ""}; re-register from the admin to register them again` },
        results: [],
      }
    }
    await deleteSetting(shipping, WEBHOOKS_REMOVED_SETTING)
  }
  const client = deps.client ?? pluginClient(pluginOptions, logger)
  const rows = await shipping.listWebhookRegistrations({})
  let existing: ExistingWebhookConfig[]
  try {
    existing = await client.listWebhookConfigs()
  } catch (error) {
    const record = errorRecord(error, now)
    if (rows.length) await shipping.updateWebhookRegistrations(rows.map((r) => ({ id: r.id, last_error: record })))
    logger.warn(`shipping-services: could not read the webhook configurations (${options.reason}): ${record.message}; the registration is retried every 15 minutes`)
    return { reason: options.reason, ok: false, error: record, results: [] }
  }

  const wanted = wantedTypes(webhook)
  const results: TypeResult[] = []
  for (const type of wanted) {
    const row = rows.find((r) => r.type === type) ?? (await createRow(shipping, type, webhook, now))
    const desired = desiredWebhookConfig({ ...webhook, publicUrl: webhook.publicUrl! }, type, row.api_key)
    results.push(await reconcileType(deps, client, row, desired, existing, options.reason, now))
  }
  // A type no longer wanted (lockers switched off): its configuration goes, and its row.
  for (const row of rows.filter((r) => !wanted.includes(r.type as WebhookType))) {
    results.push(await retireType(deps, client, row, existing, options.reason, now))
  }
  shipping.forgetWebhookKeys()
  const failed = results.find((r) => r.error)
  return { reason: options.reason, ok: !failed, ...(failed ? { error: failed.error } : {}), results }
}

/** The local row first (with a new key): its unique `type` makes concurrent first runs agree on one key. */
async function createRow(
  shipping: ShippingServicesModuleService,
  type: WebhookType,
  webhook: ReturnType<ShippingServicesModuleService["getOptions"]>["webhook"],
  now: Date
): Promise<WebhookRegistrationRecord> {
  const desired = desiredWebhookConfig({ ...webhook, publicUrl: webhook.publicUrl! }, type, "")
  try {
    return await shipping.createWebhookRegistrations({
      type,
      name: desired.name,
      url: desired.url,
      events: desired.events as unknown as Record<string, unknown>,
      status: "pending",
      header_name: desired.authParams.headerName,
      api_key: newWebhookKey(),
      time_out: desired.timeOut,
      key_rotated_at: null,
      last_error: null,
      synced_at: null,
    })
  } catch (error) {
    const [other] = await shipping.listWebhookRegistrations({ type })
    if (other) return other
    throw new Error(`could not store the ${type} webhook registration (${now.toISOString()}): ${error instanceof Error ? error.message : String(error)}`)
  }
}

async function deleteQuietly(client: ShippingClient, id: string): Promise<void> {
  try {
    await client.deleteWebhookConfig(id)
  } catch (error) {
    if (!(error instanceof ShippingNotFoundError)) throw error
  }
}

async function reconcileType(
  deps: RegistrationDeps,
  client: ShippingClient,
  row: WebhookRegistrationRecord,
  desired: DesiredWebhookConfig,
  existing: ExistingWebhookConfig[],
  reason: string,
  now: Date
): Promise<TypeResult> {
  const { shipping, logger } = deps
  const plan = planReconcile(existing, desired, row.config_id)
  let configId = plan.id ?? null
  try {
    if (plan.action === "create") {
      configId = (await client.createWebhookConfig(desired)).webHookConfigID
    } else if (plan.action === "update") {
      await client.updateWebhookConfig(plan.id!, desired)
    }
    for (const id of plan.remove) await deleteQuietly(client, id)
    await shipping.updateWebhookRegistrations({
      id: row.id,
      config_id: configId,
      name: desired.name,
      url: desired.url,
      events: desired.events as unknown as Record<string, unknown>,
      status: desired.status,
      header_name: desired.authParams.headerName,
      time_out: desired.timeOut,
      synced_at: now,
      last_error: null,
    })
    if (plan.action !== "none" || plan.remove.length) {
      const what = plan.action === "create" ? "registered" : plan.action === "update" ? `updated (${plan.differences.join(", ")})` : "unchanged"
      logger.info(
        `shipping-services: ${desired.type} webhook ${what} at the service, configuration ${configId}${plan.remove.length ? `; ${plan.remove.length} extra configuration(s) deleted` : ""} (${reason})`
      )
    }
    return { type: desired.type, action: plan.action, differences: plan.differences, removed: plan.remove, config_id: configId }
  } catch (error) {
    const record = errorRecord(error, now)
    await shipping.updateWebhookRegistrations({ id: row.id, last_error: record })
    logger.warn(`shipping-services: could not ${plan.action} the ${desired.type} webhook (${reason}): ${record.message}; retried every 15 minutes`)
    return { type: desired.type, action: plan.action, differences: plan.differences, removed: [], config_id: row.config_id ?? null, error: record }
  }
}

async function retireType(
  deps: RegistrationDeps,
  client: ShippingClient,
  row: WebhookRegistrationRecord,
  existing: ExistingWebhookConfig[],
  reason: string,
  now: Date
): Promise<TypeResult> {
  const type = row.type as WebhookType
  const ids = existing.filter((c) => c.webHookConfigID === row.config_id || (c.name === row.name && c.url === row.url && (c.type ?? type) === type)).map((c) => c.webHookConfigID)
  try {
    for (const id of ids) await deleteQuietly(client, id)
    await deps.shipping.deleteWebhookRegistrations(row.id)
    deps.logger.info(`shipping-services: ${type} webhook no longer wanted: ${ids.length} configuration(s) deleted at the service (${reason})`)
    return { type, action: "delete", differences: [], removed: ids, config_id: null }
  } catch (error) {
    const record = errorRecord(error, now)
    await deps.shipping.updateWebhookRegistrations({ id: row.id, last_error: record })
    return { type, action: "delete", differences: [], removed: [], config_id: row.config_id ?? null, error: record }
  }
}

export class WebhookRegistrationError extends Error {
  constructor(
    message: string,
    readonly code: "blocked" | "removed" | "busy" | "not-registered"
  ) {
    super(message)
  }
}

/**
 * A new key per registration: the current key becomes the previous one (still accepted for
 * PREVIOUS_KEY_GRACE_MS, so deliveries already on their way and other instances' caches are
 * fine), the new key is stored first and then PUT at the service. If the PUT fails the row keeps
 * the new key and the next run sends it; the service's old key is accepted meanwhile.
 */
export async function rotateWebhookKeys(container: MedusaContainer, types?: WebhookType[]): Promise<{ rotated: WebhookType[]; outcome: ReconcileOutcome }> {
  return rotateWebhookKeysWith(registrationDeps(container), types)
}

export async function rotateWebhookKeysWith(deps: RegistrationDeps, types?: WebhookType[]): Promise<{ rotated: WebhookType[]; outcome: ReconcileOutcome }> {
  const result = await withLock(deps, 60, async () => {
    const webhook = deps.shipping.getOptions().webhook
    const blocker = registrationBlocker(webhook)
    if (blocker) throw new WebhookRegistrationError(blocker.message, "blocked")
    if (await readSetting(deps.shipping, WEBHOOKS_REMOVED_SETTING)) {
      throw new WebhookRegistrationError("webhooks were removed by the remove-webhooks script: re-register them first", "removed")
    }
    const rows = (await deps.shipping.listWebhookRegistrations({})).filter((r) => !types?.length || types.includes(r.type as WebhookType))
    if (!rows.length) {
      throw new WebhookRegistrationError(`no ${types?.join(" or ") ?? ""} webhook is registered yet: re-register first`.replace("  ", " "), "not-registered")
    }
    const now = deps.now?.() ?? new Date()
    await deps.shipping.updateWebhookRegistrations(
      rows.map((r) => ({ id: r.id, previous_api_key: r.api_key, api_key: newWebhookKey(), key_rotated_at: now }))
    )
    deps.shipping.forgetWebhookKeys()
    deps.logger.info(`shipping-services: webhook key rotated for ${rows.map((r) => r.type).join(", ")}; the previous key is accepted for ${PREVIOUS_KEY_GRACE_MS / 3_600_000} h`)
    const outcome = await reconcileLocked(deps, { reason: "rotate-key" })
    await recordRun(deps, outcome)
    return { rotated: rows.map((r) => r.type as WebhookType), outcome }
  })
  if (result === "busy") throw new WebhookRegistrationError("another registration run holds the lock; try again in a minute", "busy")
  return result
}

export type RemovalReport = { deleted: string[]; rows: number }

/**
 * Uninstall: deletes our configurations at the service (the known ids, and any configuration
 * with our name and one of our URLs) and the local rows, and records that webhooks were removed
 * so that no boot or job registers them again (an admin's re-register clears that).
 */
export async function removeWebhookRegistrations(container: MedusaContainer): Promise<RemovalReport> {
  return removeWebhookRegistrationsWith(registrationDeps(container))
}

export async function removeWebhookRegistrationsWith(deps: RegistrationDeps): Promise<RemovalReport> {
  const result = await withLock(deps, 120, async () => {
    const { shipping, logger } = deps
    const now = deps.now?.() ?? new Date()
    await writeSetting(shipping, WEBHOOKS_REMOVED_SETTING, { at: now.toISOString() })
    const pluginOptions = shipping.getOptions()
    const client = deps.client ?? pluginClient(pluginOptions, logger)
    const rows = await shipping.listWebhookRegistrations({})
    const existing = await client.listWebhookConfigs()
    const webhook = pluginOptions.webhook
    const candidates: DesiredWebhookConfig[] = webhook.publicUrl
      ? (["tracking", "locker"] as const).map((type) => desiredWebhookConfig({ ...webhook, publicUrl: webhook.publicUrl! }, type, ""))
      : []
    const knownIds = new Set(rows.map((r) => r.config_id).filter(Boolean))
    const ids = existing
      .filter(
        (c) =>
          knownIds.has(c.webHookConfigID) ||
          candidates.some((d) => isOurs(c, d)) ||
          rows.some((r) => c.name === r.name && c.url === r.url && (c.type ?? r.type) === r.type)
      )
      .map((c) => c.webHookConfigID)
    for (const id of ids) await deleteQuietly(client, id)
    if (rows.length) await shipping.deleteWebhookRegistrations(rows.map((r) => r.id))
    shipping.forgetWebhookKeys()
    logger.info(`shipping-services: removed ${ids.length} webhook configuration(s) at the service and ${rows.length} local registration(s)`)
    return { deleted: ids, rows: rows.length }
  })
  if (result === "busy") throw new WebhookRegistrationError("another registration run holds the lock; try again in a minute", "busy")
  return result
}

export type WebhookStatus = {
  enabled: boolean
  public_url: string | null
  lockers: boolean
  wanted_types: WebhookType[]
  /** Why nothing is registered, when so. */
  blocked: RegistrationBlocker | null
  warnings: string[]
  removed_at: string | null
  /** The outcome of the last registration run (install, boot, job, admin). */
  last_run: LastRun | null
  registrations: PublicRegistration[]
}

/** What the admin sees: per type, never a key. */
export async function webhookRegistrationStatus(container: MedusaContainer): Promise<WebhookStatus> {
  const shipping: ShippingServicesModuleService = container.resolve(SHIPPING_SERVICES_MODULE)
  const webhook = shipping.getOptions().webhook
  const rows = await shipping.listWebhookRegistrations({}, { order: { type: "DESC" } })
  const removed = await readSetting<{ at?: string }>(shipping, WEBHOOKS_REMOVED_SETTING)
  return {
    enabled: webhook.enabled,
    public_url: webhook.publicUrl ?? null,
    lockers: webhook.lockers,
    wanted_types: webhook.enabled && webhook.publicUrl ? wantedTypes(webhook) : [],
    blocked: registrationBlocker(webhook) ?? null,
    warnings: publicUrlWarnings(webhook, process.env.NODE_ENV),
    removed_at: removed?.at ?? null,
    last_run: (await readSetting<LastRun>(shipping, WEBHOOKS_LAST_RUN_SETTING)) ?? null,
    registrations: rows.map((r) => publicRegistration(r, PREVIOUS_KEY_GRACE_MS)),
  }
}

export { webhookUrl }
