import {
  APPLICABLE_ONLY_EVENTS,
  WEBHOOK_EVENTS,
} from "../../../../src/shipping-api/constants"
import { webhookConfigLimitRule } from "../../../../src/shipping-api/rules/service-state"
import { checkWebhookConfig, stateError } from "../contract"
import { apiError, violationsError } from "../http/errors"
import { parseJson } from "../http/io"
import type { Handler, RequestContext } from "../http/router"
import type { WebhookConfigRecord } from "../state/model"

/** Doc 1 applicable events, with those the operation lists besides the types' events. */
const EVENT_ENTRIES = [
  ...WEBHOOK_EVENTS.tracking,
  ...WEBHOOK_EVENTS.locker,
  ...APPLICABLE_ONLY_EVENTS,
].map((name, i) => ({
  eventId: String(i + 1),
  name,
}))

export const listEvents: Handler = () => ({ status: 200, body: EVENT_ENTRIES })

function responseForm(world: RequestContext["world"], c: WebhookConfigRecord) {
  return {
    webHookConfigID: c.webHookConfigID,
    developerPartnerId:
      world.store.accounts.get(c.apiKey)?.developerPartnerId ?? "",
    ...c.config,
  }
}

function validBody(ctx: RequestContext) {
  const result = checkWebhookConfig(parseJson(ctx.body))
  if (!result.ok) throw violationsError(result.violations)
  return result.value
}

export const createWebhookConfig: Handler = (ctx) => {
  const { world, account } = ctx
  const config = validBody(ctx)
  const full = webhookConfigLimitRule.refusal({
    configurations: world.store.webhookConfigsOf(account.apiKey).length,
  })
  if (full) throw stateError(full, [])
  const record: WebhookConfigRecord = {
    webHookConfigID: world.ids.uuid("webhook"),
    apiKey: account.apiKey,
    createdAt: world.clock.now(),
    config,
  }
  world.store.webhookConfigs.set(record.webHookConfigID, record)
  world.saver.touch()
  return { status: 200, body: responseForm(world, record) }
}

function found(ctx: RequestContext): WebhookConfigRecord {
  const c = ctx.world.store.webhookConfig(ctx.account.apiKey, ctx.params.id!)
  if (!c)
    throw apiError(
      404,
      "not_found",
      `no webhook configuration ${ctx.params.id}`
    )
  return c
}

export const getWebhookConfig: Handler = (ctx) => ({
  status: 200,
  body: responseForm(ctx.world, found(ctx)),
})

export const updateWebhookConfig: Handler = (ctx) => {
  const existing = found(ctx)
  existing.config = validBody(ctx)
  ctx.world.saver.touch()
  return { status: 200, body: responseForm(ctx.world, existing) }
}

export const deleteWebhookConfig: Handler = (ctx) => {
  const existing = found(ctx)
  ctx.world.store.webhookConfigs.delete(existing.webHookConfigID)
  ctx.world.saver.touch()
  return { status: 200 }
}

const DEFAULT_PAGE_SIZE = 10

/** Doc 4: `?page=&size=`, pages from 0; list entries' authParams carry authType, apiKey, headerName (doc 1). */
export const listWebhookConfigs: Handler = (ctx) => {
  const { world, account, query } = ctx
  const page = intParam(query.get("page"), 0, "page", 0)
  const size = intParam(query.get("size"), DEFAULT_PAGE_SIZE, "size", 1)
  const all = world.store.webhookConfigsOf(account.apiKey)
  const data = all.slice(page * size, page * size + size).map((c) => {
    const { authType, apiKey, headerName } = c.config.authParams
    return {
      ...responseForm(world, c),
      authParams: {
        authType,
        ...(apiKey !== undefined ? { apiKey } : {}),
        ...(headerName !== undefined ? { headerName } : {}),
      },
    }
  })
  return {
    status: 200,
    body: {
      data,
      pageInfo: {
        total: all.length,
        pages: Math.ceil(all.length / size),
        page,
      },
    },
  }
}

function intParam(
  raw: string | null,
  fallback: number,
  name: string,
  min: number
): number {
  if (raw === null || raw === "") return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min)
    throw apiError(
      400,
      "validation_error",
      `${name} must be a whole number of at least ${min}`
    )
  return n
}
