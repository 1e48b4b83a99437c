import type { OperationRequest } from "../client/request"
import {
  WEBHOOK_SOURCE,
  webhookConfigRequestSchema,
  type WebhookConfigListResponse,
  type WebhookConfigRequest,
} from "../schemas/webhook-config"
import { violationsFromZod } from "../rules/zod-violations"
import type { Violation } from "../violation"
import type { z } from "../zod"

// Create and update validate the full body first; a body with a problem is never sent (doc 1).

export const WEBHOOK_PATHS = {
  events: "/api/v1/events",
  configs: "/api/v1/webhookConfig",
} as const

/** Ids are `<prefix>.<field>.<kind>`; field rules keep their own id and source. */
export function zodViolations(
  error: z.ZodError,
  base: { prefix: string; source: string }
): Violation[] {
  return violationsFromZod(error, {
    "": { id: base.prefix, source: base.source },
  })
}

type Built =
  ({ ok: true } & OperationRequest) | { ok: false; violations: Violation[] }

const ID_SOURCE = "doc 1, Endpoints (webHookConfigID)"

function configPath(id: string): string {
  return `${WEBHOOK_PATHS.configs}/${encodeURIComponent(id)}`
}

function idViolations(id: unknown): Violation[] {
  return typeof id === "string" && id.trim() !== ""
    ? []
    : [
        {
          path: "webHookConfigID",
          rule: "webhook-config.webHookConfigID.not-empty",
          message: "must not be empty",
          source: ID_SOURCE,
        },
      ]
}

/** Status defaulted to active. */
export function validateWebhookConfig(
  body: unknown
):
  | { ok: true; value: WebhookConfigRequest }
  | { ok: false; violations: Violation[] } {
  const parsed = webhookConfigRequestSchema.safeParse(body)
  if (parsed.success) return { ok: true, value: parsed.data }
  return {
    ok: false,
    violations: zodViolations(parsed.error, {
      prefix: "webhook-config",
      source: WEBHOOK_SOURCE.body,
    }),
  }
}

export function buildListApplicableEvents(): OperationRequest {
  return { method: "GET", root: "webhook", path: WEBHOOK_PATHS.events }
}

export function buildCreateWebhookConfig(body: unknown): Built {
  const valid = validateWebhookConfig(body)
  if (!valid.ok) return valid
  return {
    ok: true,
    method: "POST",
    root: "webhook",
    path: WEBHOOK_PATHS.configs,
    body: valid.value,
  }
}

/** Doc 4 "Webhook list": pages from 0. */
export function buildListWebhookConfigs(
  page: number,
  size: number
): OperationRequest {
  return {
    method: "GET",
    root: "webhook",
    path: WEBHOOK_PATHS.configs,
    query: { page, size },
  }
}

export function buildGetWebhookConfig(id: string): Built {
  const violations = idViolations(id)
  if (violations.length) return { ok: false, violations }
  return { ok: true, method: "GET", root: "webhook", path: configPath(id) }
}

/** Doc 1: PUT takes the full body, same as create. */
export function buildUpdateWebhookConfig(id: string, body: unknown): Built {
  const valid = validateWebhookConfig(body)
  const violations = [
    ...idViolations(id),
    ...(valid.ok ? [] : valid.violations),
  ]
  if (!valid.ok || violations.length) return { ok: false, violations }
  return {
    ok: true,
    method: "PUT",
    root: "webhook",
    path: configPath(id),
    body: valid.value,
  }
}

export function buildDeleteWebhookConfig(id: string): Built {
  const violations = idViolations(id)
  if (violations.length) return { ok: false, violations }
  return { ok: true, method: "DELETE", root: "webhook", path: configPath(id) }
}

/** The key the service will send us, basic/oauth secrets. */
export function webhookSecrets(body: unknown): string[] {
  const auth = (body as { authParams?: Record<string, unknown> } | undefined)
    ?.authParams
  if (!auth || typeof auth !== "object") return []
  return ["apiKey", "secret", "clientID"].flatMap((k) =>
    typeof auth[k] === "string" ? [auth[k] as string] : []
  )
}

/** Also stops on an empty page or one bringing nothing new (a server ignoring `page` would loop). */
export function nextWebhookPage(
  current: number,
  response: WebhookConfigListResponse,
  seenBefore: ReadonlySet<string>
): number | undefined {
  const data = response.data ?? []
  if (data.length === 0) return undefined
  if (data.every((c) => seenBefore.has(c.webHookConfigID))) return undefined
  const pages = response.pageInfo?.pages
  if (pages === undefined) return undefined
  return current + 1 < pages ? current + 1 : undefined
}
