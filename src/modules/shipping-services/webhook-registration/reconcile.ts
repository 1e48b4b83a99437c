import { newWebhookKey } from "../../../lib/webhooks/auth"
import {
  desiredWebhookConfig,
  registrationBlocker,
  wantedTypes,
} from "../../../lib/webhooks/desired"
import {
  planReconcile,
  type DesiredWebhookConfig,
  type ExistingWebhookConfig,
} from "../../../lib/webhooks/reconcile"
import { pluginClient } from "../../../lib/plugin-client"
import type { WebhookRegistrationRecord } from "../models"
import type ShippingServicesModuleService from "../service"
import { deleteSetting, readSetting } from "../settings"
import type { ShippingClient } from "../../../shipping-api/client"
import type { WebhookType } from "../../../shipping-api/constants"
import { ShippingNotFoundError } from "../../../shipping-api/errors"
import {
  EnsureOptions,
  ReconcileOutcome,
  RegistrationDeps,
  TypeResult,
  WEBHOOKS_REMOVED_SETTING,
  registrationError,
} from "./records"

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
  shipping.keys().forget()
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
