import type { LockingLike } from "../../lib/locking"
import { messageOf } from "../../lib/errors"
import type { Logger } from "@medusajs/framework/types"
import { newWebhookKey } from "../../lib/webhooks/auth"
import {
  desiredWebhookConfig,
  registrationBlocker,
  wantedTypes,
  type RegistrationBlocker,
} from "../../lib/webhooks/desired"
import {
  isOurs,
  planReconcile,
  type DesiredWebhookConfig,
  type ExistingWebhookConfig,
} from "../../lib/webhooks/reconcile"
import { pluginClient } from "../../lib/plugin-client"
import type { WebhookRegistrationRecord } from "../../modules/shipping-services/models"
import { PREVIOUS_KEY_GRACE_MS } from "../../modules/shipping-services/service"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import {
  deleteSetting,
  readSetting,
  writeSetting,
  writeSettingKeepingPrevious,
  type PreviousSetting,
} from "../../modules/shipping-services/settings"
import type { ShippingClient } from "../../shipping-api/client"
import type { WebhookType } from "../../shipping-api/constants"
import {
  ShippingApiError,
  ShippingNotFoundError,
} from "../../shipping-api/errors"

/**
 * The webhook registration's pieces (doc 1), run by the steps of src/workflows/register-webhooks
 * and, with their own stand-ins (tests, boot), by orchestration/webhook-registration.ts, which
 * holds the registration lock around them. See that file for the whole story.
 */

/** Setting written by the remove-webhooks script: nothing registers again until an admin re-registers. */
export const WEBHOOKS_REMOVED_SETTING = "webhooks.removed"
/** Setting with the outcome of the last run (shown in the admin, also when no row could be written). */
export const WEBHOOKS_LAST_RUN_SETTING = "webhooks.last_run"

export type RegistrationDeps = {
  shipping: ShippingServicesModuleService
  logger: Logger
  /** Medusa's Locking Module; without it (never in a Medusa app) runs are not serialised. */
  locking?: LockingLike
  /** Tests pass their own client; the plugin uses the process's shared one. */
  client?: ShippingClient
  now?: () => Date
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
  skipped?: {
    code: RegistrationBlocker["code"] | "removed" | "busy"
    message: string
  }
  error?: ErrorRecord
  results: TypeResult[]
}

export type ErrorRecord = {
  message: string
  status?: number
  codes?: string[]
  operation?: string
  at: string
}

/** A registration failure as its row keeps it: the words, the service's status and codes, when. */
export function registrationError(error: unknown, now: Date): ErrorRecord {
  const service =
    error instanceof ShippingApiError
      ? { status: error.status, codes: error.codes, operation: error.operation }
      : {}
  return { message: messageOf(error), ...service, at: now.toISOString() }
}

export type EnsureOptions = {
  /** For the logs: install, boot, job, admin, rotate-key. */
  reason: string
  /** Register even after the remove-webhooks script (an admin asked for it). */
  force?: boolean
  /** How long to wait for another run holding the lock (seconds). */
  lockTimeoutSeconds?: number
}

export type LastRun = {
  at: string
  reason: string
  ok: boolean
  skipped: ReconcileOutcome["skipped"] | null
  error: ErrorRecord | null
  actions: string[]
}

export async function recordRun(
  deps: RegistrationDeps,
  outcome: ReconcileOutcome
): Promise<void> {
  const run: LastRun = {
    at: (deps.now?.() ?? new Date()).toISOString(),
    reason: outcome.reason,
    ok: outcome.ok,
    skipped: outcome.skipped ?? null,
    error: outcome.error ?? null,
    actions: outcome.results.map(
      (r) =>
        `${r.type}: ${r.action}${r.differences.length ? ` (${r.differences.join(", ")})` : ""}`
    ),
  }
  try {
    await writeSetting(
      deps.shipping,
      WEBHOOKS_LAST_RUN_SETTING,
      run as unknown as Record<string, unknown>
    )
  } catch (error) {
    deps.logger.debug?.(
      `shipping-services: could not record the webhook registration run: ${error instanceof Error ? error.message : String(error)}`
    )
  }
}

export async function reconcileLocked(
  deps: RegistrationDeps,
  options: EnsureOptions
): Promise<ReconcileOutcome> {
  const { shipping, logger } = deps
  const now = deps.now?.() ?? new Date()
  const pluginOptions = shipping.getOptions()
  const webhook = pluginOptions.webhook
  const blocker = registrationBlocker(webhook)
  if (blocker) {
    return { reason: options.reason, ok: true, skipped: blocker, results: [] }
  }
  const removed = await readSetting<{ at?: string }>(
    shipping,
    WEBHOOKS_REMOVED_SETTING
  )
  if (removed) {
    if (!options.force) {
      return {
        reason: options.reason,
        ok: true,
        skipped: {
          code: "removed",
          message: `webhooks were removed by the remove-webhooks script${removed.at ? ` on ${removed.at}` : ""}; re-register from the admin to register them again`,
        },
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
    const record = registrationError(error, now)
    if (rows.length)
      await shipping.updateWebhookRegistrations(
        rows.map((r) => ({ id: r.id, last_error: record }))
      )
    logger.warn(
      `shipping-services: could not read the webhook configurations (${options.reason}): ${record.message}; the registration is retried every 15 minutes`
    )
    return { reason: options.reason, ok: false, error: record, results: [] }
  }

  const wanted = wantedTypes(webhook)
  const results: TypeResult[] = []
  for (const type of wanted) {
    const row =
      rows.find((r) => r.type === type) ??
      (await createRow(shipping, type, webhook, now))
    const desired = desiredWebhookConfig(
      { ...webhook, publicUrl: webhook.publicUrl! },
      type,
      row.api_key
    )
    results.push(
      await reconcileType(
        deps,
        client,
        row,
        desired,
        existing,
        options.reason,
        now
      )
    )
  }
  // A type no longer wanted (lockers switched off): its configuration goes, and its row.
  for (const row of rows.filter(
    (r) => !wanted.includes(r.type as WebhookType)
  )) {
    results.push(
      await retireType(deps, client, row, existing, options.reason, now)
    )
  }
  shipping.forgetWebhookKeys()
  const failed = results.find((r) => r.error)
  return {
    reason: options.reason,
    ok: !failed,
    ...(failed ? { error: failed.error } : {}),
    results,
  }
}

/** The local row first (with a new key): its unique `type` makes concurrent first runs agree on one key. */
async function createRow(
  shipping: ShippingServicesModuleService,
  type: WebhookType,
  webhook: ReturnType<ShippingServicesModuleService["getOptions"]>["webhook"],
  now: Date
): Promise<WebhookRegistrationRecord> {
  const desired = desiredWebhookConfig(
    { ...webhook, publicUrl: webhook.publicUrl! },
    type,
    ""
  )
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
    throw new Error(
      `could not store the ${type} webhook registration (${now.toISOString()}): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error }
    )
  }
}

export async function deleteQuietly(
  client: ShippingClient,
  id: string
): Promise<void> {
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
      const what =
        plan.action === "create"
          ? "registered"
          : plan.action === "update"
            ? `updated (${plan.differences.join(", ")})`
            : "unchanged"
      logger.info(
        `shipping-services: ${desired.type} webhook ${what} at the service, configuration ${configId}${plan.remove.length ? `; ${plan.remove.length} extra configuration(s) deleted` : ""} (${reason})`
      )
    }
    return {
      type: desired.type,
      action: plan.action,
      differences: plan.differences,
      removed: plan.remove,
      config_id: configId,
    }
  } catch (error) {
    const record = registrationError(error, now)
    await shipping.updateWebhookRegistrations({
      id: row.id,
      last_error: record,
    })
    logger.warn(
      `shipping-services: could not ${plan.action} the ${desired.type} webhook (${reason}): ${record.message}; retried every 15 minutes`
    )
    return {
      type: desired.type,
      action: plan.action,
      differences: plan.differences,
      removed: [],
      config_id: row.config_id ?? null,
      error: record,
    }
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
  const ids = existing
    .filter(
      (c) =>
        c.webHookConfigID === row.config_id ||
        (c.name === row.name && c.url === row.url && (c.type ?? type) === type)
    )
    .map((c) => c.webHookConfigID)
  try {
    for (const id of ids) await deleteQuietly(client, id)
    await deps.shipping.deleteWebhookRegistrations(row.id)
    deps.logger.info(
      `shipping-services: ${type} webhook no longer wanted: ${ids.length} configuration(s) deleted at the service (${reason})`
    )
    return {
      type,
      action: "delete",
      differences: [],
      removed: ids,
      config_id: null,
    }
  } catch (error) {
    const record = registrationError(error, now)
    await deps.shipping.updateWebhookRegistrations({
      id: row.id,
      last_error: record,
    })
    return {
      type,
      action: "delete",
      differences: [],
      removed: [],
      config_id: row.config_id ?? null,
      error: record,
    }
  }
}

export class WebhookRegistrationError extends Error {
  constructor(
    message: string,
    readonly code: "blocked" | "removed" | "busy" | "not-registered"
  ) {
    super(message)
    this.name = "WebhookRegistrationError"
  }

  /** One a workflow step threw, as `workflow.run` throws it (serialized: name, message, code); else null. */
  static from(error: unknown): WebhookRegistrationError | null {
    if (error instanceof WebhookRegistrationError) return error
    const e = error as {
      name?: unknown
      message?: unknown
      code?: unknown
    } | null
    if (
      !e ||
      typeof e !== "object" ||
      e.name !== "WebhookRegistrationError" ||
      typeof e.message !== "string"
    )
      return null
    if (
      !["blocked", "removed", "busy", "not-registered"].includes(
        e.code as string
      )
    )
      return null
    return new WebhookRegistrationError(
      e.message,
      e.code as WebhookRegistrationError["code"]
    )
  }
}

/** The rows' keys before a rotation, for compensation. */
export type RotatedKeys = {
  id: string
  api_key: string
  previous_api_key: string | null
  key_rotated_at: Date | null
}[]

/**
 * A new key per registration (of `types`, default every registered type): the current key
 * becomes the previous one (still accepted for PREVIOUS_KEY_GRACE_MS), the new key is stored.
 * Refused, in words, when webhooks are blocked or removed or nothing is registered. Returns the
 * rotated types and the keys before, for compensation.
 */
export async function rotateKeysLocked(
  deps: RegistrationDeps,
  types?: WebhookType[]
): Promise<{ rotated: WebhookType[]; before: RotatedKeys }> {
  const webhook = deps.shipping.getOptions().webhook
  const blocker = registrationBlocker(webhook)
  if (blocker) throw new WebhookRegistrationError(blocker.message, "blocked")
  if (await readSetting(deps.shipping, WEBHOOKS_REMOVED_SETTING)) {
    throw new WebhookRegistrationError(
      "webhooks were removed by the remove-webhooks script: re-register them first",
      "removed"
    )
  }
  const rows = (await deps.shipping.listWebhookRegistrations({})).filter(
    (r) => !types?.length || types.includes(r.type as WebhookType)
  )
  if (!rows.length) {
    throw new WebhookRegistrationError(
      `no ${types?.join(" or ") ?? ""} webhook is registered yet: re-register first`.replace(
        "  ",
        " "
      ),
      "not-registered"
    )
  }
  const now = deps.now?.() ?? new Date()
  const before: RotatedKeys = rows.map((r) => ({
    id: r.id,
    api_key: r.api_key,
    previous_api_key: r.previous_api_key ?? null,
    key_rotated_at: r.key_rotated_at ?? null,
  }))
  await deps.shipping.updateWebhookRegistrations(
    rows.map((r) => ({
      id: r.id,
      previous_api_key: r.api_key,
      api_key: newWebhookKey(),
      key_rotated_at: now,
    }))
  )
  deps.shipping.forgetWebhookKeys()
  deps.logger.info(
    `shipping-services: webhook key rotated for ${rows.map((r) => r.type).join(", ")}; the previous key is accepted for ${PREVIOUS_KEY_GRACE_MS / 3_600_000} h`
  )
  return { rotated: rows.map((r) => r.type as WebhookType), before }
}

/** Compensation of a rotation: the keys as they were. */
export async function restoreKeys(
  shipping: Pick<
    ShippingServicesModuleService,
    "updateWebhookRegistrations" | "forgetWebhookKeys"
  >,
  before: RotatedKeys | undefined
): Promise<void> {
  if (!before?.length) return
  await shipping.updateWebhookRegistrations(
    before.map((r) => ({ ...r })) as never
  )
  shipping.forgetWebhookKeys()
}

/** The remove-webhooks script's mark cleared for an admin's re-register (not when webhooks are blocked anyway); returns the mark. */
export async function clearRemovedMark(
  shipping: ShippingServicesModuleService
): Promise<Record<string, unknown> | null> {
  if (registrationBlocker(shipping.getOptions().webhook)) return null
  const removed = await readSetting<Record<string, unknown>>(
    shipping,
    WEBHOOKS_REMOVED_SETTING
  )
  if (!removed) return null
  await deleteSetting(shipping, WEBHOOKS_REMOVED_SETTING)
  return removed
}

export type RemovalReport = { deleted: string[]; rows: number }

/**
 * Uninstall, first: the mark that keeps every boot and job from registering again (an admin's
 * re-register clears it). Returns the setting as it was, for compensation.
 */
export async function markWebhooksRemoved(
  shipping: ShippingServicesModuleService,
  now: Date
): Promise<PreviousSetting> {
  return writeSettingKeepingPrevious(shipping, WEBHOOKS_REMOVED_SETTING, {
    at: now.toISOString(),
  })
}

/**
 * Uninstall, then: our configurations deleted at the service (the known ids, and any
 * configuration with our name and one of our URLs). Returns the ids deleted.
 */
export async function deleteOurWebhookConfigs(
  deps: RegistrationDeps
): Promise<string[]> {
  const { shipping, logger } = deps
  const pluginOptions = shipping.getOptions()
  const client = deps.client ?? pluginClient(pluginOptions, logger)
  const rows = await shipping.listWebhookRegistrations({})
  const existing = await client.listWebhookConfigs()
  const webhook = pluginOptions.webhook
  const candidates: DesiredWebhookConfig[] = webhook.publicUrl
    ? (["tracking", "locker"] as const).map((type) =>
        desiredWebhookConfig(
          { ...webhook, publicUrl: webhook.publicUrl! },
          type,
          ""
        )
      )
    : []
  const knownIds = new Set(rows.map((r) => r.config_id).filter(Boolean))
  const ids = existing
    .filter(
      (c) =>
        knownIds.has(c.webHookConfigID) ||
        candidates.some((d) => isOurs(c, d)) ||
        rows.some(
          (r) =>
            c.name === r.name &&
            c.url === r.url &&
            (c.type ?? r.type) === r.type
        )
    )
    .map((c) => c.webHookConfigID)
  for (const id of ids) await deleteQuietly(client, id)
  return ids
}

/** Uninstall, last: the local registrations (and the cached keys). Returns how many. */
export async function deleteLocalRegistrations(
  shipping: ShippingServicesModuleService
): Promise<number> {
  const rows = await shipping.listWebhookRegistrations({}, { select: ["id"] })
  if (rows.length)
    await shipping.deleteWebhookRegistrations(rows.map((r) => r.id))
  shipping.forgetWebhookKeys()
  return rows.length
}
