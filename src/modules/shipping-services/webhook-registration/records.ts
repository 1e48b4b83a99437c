import type { LockingLike } from "../../../lib/locking"
import { messageOf } from "../../../lib/errors"
import type { Logger } from "@medusajs/framework/types"
import { type RegistrationBlocker } from "../../../lib/webhooks/desired"
import type ShippingServicesModuleService from "../service"
import { writeSetting } from "../settings"
import type { ShippingClient } from "../../../shipping-api/client"
import type { WebhookType } from "../../../shipping-api/constants"
import { ShippingApiError } from "../../../shipping-api/errors"

/** The webhook registration's pieces (doc 1), run under the registration lock by its workflow's steps and at boot. */

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
